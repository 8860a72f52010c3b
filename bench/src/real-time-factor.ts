import { performance } from 'node:perf_hooks';
import { splitSentences } from '../../apps/server/src/audio/audio.js';
import { renderSpeech } from '../../apps/server/src/domains/speech/render.js';
import { batchesOf, speakAll } from '../../apps/server/src/domains/speech/sentence-render.js';
import { joinSentences } from '../../apps/server/src/domains/speech/sentences.js';
import type { SpeechEngineV1 } from '../../apps/server/src/engines/speech-engine.js';
import { percentile } from './http-load.js';

export interface RealTimeFactor {
  engine: string;
  /** 'chunks': the public API's streaming path; 'sentences': a queued task's path (cold cache). */
  path: RenderPath;
  characters: number;
  runs: number;
  medianSeconds: number;
  audioSeconds: number;
  /** Processing time over audio time: below 1 is faster than real time. */
  factor: number;
}

const SENTENCES = [
  'The morning train left the station a little after seven.',
  'Nobody on the platform noticed the small dog that followed it.',
  'By noon the fields had turned from green to gold under a wide sky.',
  'Is there anything better than bread that is still warm from the oven?',
];

function prose(length: number): string {
  let text = '';
  for (let i = 0; text.length < length; i += 1) text += `${SENTENCES[i % SENTENCES.length]} `;
  return text.slice(0, length);
}

export type RenderPath = 'chunks' | 'sentences';

type Request = Parameters<typeof renderSpeech>[1];

/**
 * A queued task's render with an empty sentence cache: the sentences spoken in the task's batches
 * (one eSpeak run for several), one MP3 per sentence, then the takes joined. The cache's database
 * rows and file writes are not timed.
 */
async function renderBySentence(engine: SpeechEngineV1, request: Request): Promise<{ durationMs: number }> {
  const sentences = splitSentences(request.text, Math.min(400, engine.capabilities.maxCharsPerRequest)).map((text) => ({
    text,
    seed: null,
  }));
  const voice = { engine: engine.id, ...request, modelId: request.modelId ?? null };
  const takes = [];
  for (const batch of batchesOf(engine, sentences)) {
    const spoken = await speakAll(
      { engine, voice, userId: null, taskId: 'bench' },
      batch.map((index) => ({ ...(sentences[index] ?? { text: '', seed: null }), cacheKey: '' })),
    );
    takes.push(...spoken.map((take, at) => ({ ...take, text: sentences[batch[at] ?? 0]?.text ?? '' })));
  }
  return joinSentences(takes);
}

const RENDERERS: Record<RenderPath, (engine: SpeechEngineV1, request: Request) => Promise<{ durationMs: number }>> = {
  chunks: renderSpeech,
  sentences: renderBySentence,
};

/**
 * Times one render path for one text (splitting, synthesis, MP3 encoding, SRT): the median of
 * `runs` runs after one warm-up, over the length of the audio it made.
 */
export async function measureRealTimeFactor(
  engine: SpeechEngineV1,
  voiceId: string,
  characters: number,
  runs: number,
  path: RenderPath = 'chunks',
): Promise<RealTimeFactor> {
  const request = { text: prose(characters), voiceId, modelId: null, speed: 1, pitch: 0, volume: 1, language: null };
  const render = RENDERERS[path];
  await render(engine, request);
  const times: number[] = [];
  let audioMs = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const rendered = await render(engine, request);
    times.push((performance.now() - started) / 1000);
    audioMs = rendered.durationMs;
  }
  times.sort((a, b) => a - b);
  const medianSeconds = percentile(times, 50);
  const audioSeconds = audioMs / 1000;
  return {
    engine: engine.id,
    path,
    characters,
    runs,
    medianSeconds,
    audioSeconds,
    factor: medianSeconds / audioSeconds,
  };
}
