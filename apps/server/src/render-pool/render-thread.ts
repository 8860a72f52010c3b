import { parentPort } from 'node:worker_threads';
import { encodeTake } from '../audio/sentence-take.js';
import type { SpeechEngineV1, SynthesisResult } from '../engines/speech-engine.js';
import { type RenderCall, type RenderReply, type RenderTask, toPortableError, type WarmReport } from './messages.js';
import { runsInRenderThreads, THREAD_ENGINES } from './thread-engines.js';
import { currentThreadId, lowerThreadPriority } from './thread-priority.js';

/**
 * A render thread: the engines whose work is computation in JavaScript or WebAssembly (eSpeak),
 * loaded once for the thread's life, and the MP3 encoder for sentence takes. It answers one call at
 * a time; the pool never sends it a second before the first is answered.
 */

/** Renders yield to the API's event loop when both want a core (thread-priority.ts). */
const threadId = currentThreadId();
const priorityLowered = lowerThreadPriority(threadId);

/** Each thread makes its own copy of an engine, once, on first use. */
const engines = new Map<string, SpeechEngineV1>();

function engine(id: string): SpeechEngineV1 {
  let found = engines.get(id);
  if (!found) {
    const make = runsInRenderThreads(id) ? THREAD_ENGINES[id] : undefined;
    if (!make) throw new Error(`the ${id} engine does not run in render threads`);
    found = make();
    engines.set(id, found);
  }
  return found;
}

/** Samples of each result in a buffer of their own, listed for transfer back without a copy. */
function transferable(results: SynthesisResult[]): { value: SynthesisResult[]; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const value = results.map((result) => {
    if (result.audio.format !== 'pcm16') return result;
    const samples = result.audio.samples.slice();
    transfer.push(samples.buffer);
    return { ...result, audio: { ...result.audio, samples } };
  });
  return { value, transfer };
}

const WARM_REQUEST = { text: 'Ready.', modelId: null, speed: 1, pitch: 0, volume: 1, language: null };

async function perform(task: RenderTask): Promise<{ value: unknown; transfer: ArrayBuffer[] }> {
  switch (task.type) {
    case 'synthesize': {
      const { value, transfer } = transferable([await engine(task.engine).synthesize(task.request)]);
      return { value: value[0], transfer };
    }
    case 'synthesizeEach': {
      const speaker = engine(task.engine);
      if (!speaker.synthesizeEach) throw new Error(`the ${task.engine} engine cannot speak sentences together`);
      return transferable(await speaker.synthesizeEach(task.texts, task.request));
    }
    case 'cloneVoice': {
      const cloner = engine(task.engine);
      if (!cloner.cloneVoice) throw new Error(`the ${task.engine} engine cannot clone voices`);
      return { value: await cloner.cloneVoice(task.request), transfer: [] };
    }
    case 'warm': {
      for (const id of Object.keys(THREAD_ENGINES)) {
        const [voice] = await engine(id).listVoices();
        if (!voice) continue;
        const spoken = await engine(id).synthesize({ ...WARM_REQUEST, voiceId: voice.id });
        if (spoken.audio.format === 'pcm16') await encodeTake(spoken.audio.samples, spoken.audio.sampleRate);
      }
      return { value: { threadId, priorityLowered } satisfies WarmReport, transfer: [] };
    }
    case 'encodeTake': {
      const mp3 = await encodeTake(task.samples, task.sampleRate);
      return { value: mp3, transfer: [] };
    }
  }
}

const port = parentPort;
if (!port) throw new Error('render-thread.ts runs as a worker thread of the render pool');
port.on('message', (call: RenderCall) => {
  perform(call.task).then(
    ({ value, transfer }) => port.postMessage({ id: call.id, ok: true, value } satisfies RenderReply, transfer),
    (error: unknown) =>
      port.postMessage({ id: call.id, ok: false, error: toPortableError(error) } satisfies RenderReply),
  );
});
