import type { FastifyInstance } from 'fastify';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1, SynthesisRequest } from '../../src/engines/speech-engine.js';

export interface PolledTask {
  status: string;
  progress: number;
  audio_url: string | null;
  transcript_url: string | null;
  error_message: string | null;
  metadata: { voice_id: string };
}

/** Polls a task through the API until it is done or failed. */
export async function waitForTask(app: FastifyInstance, id: string, cookie?: string): Promise<PolledTask> {
  for (let i = 0; i < 300; i += 1) {
    const response = await app.inject({
      method: 'GET',
      url: `/api/elevenlabs/task/${id}`,
      headers: cookie ? { cookie } : {},
    });
    const task = response.json() as PolledTask;
    if (task.status === 'done' || task.status === 'failed') return task;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('task did not finish');
}

/**
 * The real eSpeak engine with a hook before every chunk it speaks, so a test can make a chunk fail
 * or wait. It is a complete engine (same voices, real audio), not a stand-in for one.
 */
export function scriptedEngine(beforeChunk: (index: number, request: SynthesisRequest) => Promise<void> | void) {
  // Without eSpeak's several-sentences-per-run path, so the hook sees every request.
  const { synthesizeEach: _oneRunForMany, ...espeak } = createEspeakEngine();
  let calls = 0;
  const engine: SpeechEngineV1 = {
    ...espeak,
    async synthesize(request) {
      const index = calls;
      calls += 1;
      await beforeChunk(index, request);
      return espeak.synthesize(request);
    },
  };
  return { engine, calls: () => calls };
}
