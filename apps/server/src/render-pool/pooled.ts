import type { TakeEncoder } from '../audio/sentence-take.js';
import type { ClonedVoice, SpeechEngineV1, SynthesisResult } from '../engines/speech-engine.js';
import { ownedSamples, portable } from './messages.js';
import type { RenderPool } from './render-pool.js';

/**
 * An engine whose synthesis and cloning run in the render pool's threads (each thread has its own
 * copy of the engine). Everything else (voices, models, status) is answered here by `local`, the
 * same engine on this thread, which costs nothing to ask.
 */
export function pooledEngine(local: SpeechEngineV1, pool: RenderPool): SpeechEngineV1 {
  const engine = local.id;
  return {
    ...local,
    async synthesize(request) {
      const result = (await pool.run(
        { type: 'synthesize', engine, request: portable(request) },
        { signal: request.signal },
      )) as SynthesisResult;
      return withBuffers(result);
    },
    ...(local.synthesizeEach
      ? {
          async synthesizeEach(texts, request) {
            const results = (await pool.run(
              { type: 'synthesizeEach', engine, texts, request: portable(request) },
              { signal: request.signal },
            )) as SynthesisResult[];
            return results.map(withBuffers);
          },
        }
      : {}),
    ...(local.cloneVoice
      ? {
          async cloneVoice(request) {
            const voice = (await pool.run({ type: 'cloneVoice', engine, request })) as ClonedVoice;
            const { preview } = voice;
            return preview && 'bytes' in preview ? { ...voice, preview: { bytes: asBuffer(preview.bytes) } } : voice;
          },
        }
      : {}),
  };
}

/** Sentence takes encoded in the pool's threads. */
export function pooledTakeEncoder(pool: RenderPool): TakeEncoder {
  return async (samples, sampleRate) => {
    const owned = ownedSamples(samples);
    const mp3 = (await pool.run(
      { type: 'encodeTake', samples: owned, sampleRate },
      { transfer: [owned.buffer as ArrayBuffer] },
    )) as Uint8Array;
    return asBuffer(mp3);
  };
}

// A Buffer crosses threads as a plain Uint8Array; this wraps the same memory, without a copy.
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

function withBuffers(result: SynthesisResult): SynthesisResult {
  if (result.audio.format !== 'mp3') return result;
  return { ...result, audio: { ...result.audio, bytes: asBuffer(result.audio.bytes) } };
}
