import { access } from 'node:fs/promises';
import path from 'node:path';
import type { KokoroTTS } from 'kokoro-js';
import { pitchFactor, resample, timeStretch } from '../../audio/voice-adjust.js';
import {
  EngineError,
  type EngineModel,
  type EngineStatus,
  type SpeechEngineV1,
  type SynthesisResult,
} from '../speech-engine.js';
import { kokoroCatalog, kokoroVoiceOf } from './kokoro-voices.js';

const KOKORO_MODEL: EngineModel = { id: 'kokoro-82m', name: 'Kokoro 82M (offline)' };
const SAMPLE_RATE = 24_000;
/** Kokoro cuts its input at 512 tokens (about 400 characters of phonemes); stay well inside. */
const CHUNK_CHARS = 300;

type KokoroModel = Pick<KokoroTTS, 'generate'>;

/**
 * Loads kokoro-js from a local folder only: transformers.js is told to refuse remote models, so a
 * missing model is reported, never fetched. Loaded once, on first use.
 */
async function loadModel(modelDir: string): Promise<KokoroModel> {
  await access(path.join(modelDir, 'onnx', 'model.onnx')).catch(() => {
    throw new Error(`no Kokoro model in ${modelDir}: run "npm run models:kokoro" on a machine with internet access`);
  });
  const { env } = await import('@huggingface/transformers');
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = `${path.dirname(modelDir)}${path.sep}`;
  const { KokoroTTS } = await import('kokoro-js');
  return KokoroTTS.from_pretrained(path.basename(modelDir), { dtype: 'fp32' });
}

/**
 * Kokoro-82M (Apache-2.0) through kokoro-js and onnxruntime-node: natural English voices offline.
 * Kokoro has a speed input but no pitch control, so pitch is made honestly: speak slower by the
 * pitch factor, then resample back to the original length, which raises the pitch by that factor.
 */
export function createKokoroEngine(options: { modelDir: string }): SpeechEngineV1 {
  let model: Promise<KokoroModel> | null = null;
  const loaded = () => {
    model ??= loadModel(options.modelDir);
    return model;
  };

  return {
    specificationVersion: 'v1',
    id: 'kokoro',
    defaultModel: KOKORO_MODEL.id,
    capabilities: {
      presetVoices: true,
      cloning: false,
      timestamps: false,
      maxCharsPerRequest: CHUNK_CHARS,
      rendersPreviews: true,
      languages: ['en'],
    },
    async status(): Promise<EngineStatus> {
      try {
        await loaded();
        return { state: 'up' };
      } catch (error) {
        return { state: 'down', reason: error instanceof Error ? error.message : String(error) };
      }
    },
    listVoices: async () => kokoroCatalog(),
    listModels: async () => [KOKORO_MODEL],
    async synthesize(request): Promise<SynthesisResult> {
      const voice = kokoroVoiceOf(request.voiceId);
      if (!voice) {
        throw new EngineError('The selected voice is not available. Please select a different voice.', 'invalid_voice');
      }
      const tts = await loaded().catch((error: unknown) => {
        throw new EngineError('The Kokoro engine is not available on this server.', 'unavailable', { cause: error });
      });
      const factor = pitchFactor(request.pitch);
      // Kokoro takes speeds of about 0.5-2; beyond that the rest is a time-stretch of the result.
      const wanted = request.speed / factor;
      const native = Math.min(2, Math.max(0.5, wanted));
      const { audio } = await tts.generate(request.text, { voice, speed: native });
      const timed = Math.abs(wanted / native - 1) > 1e-3 ? timeStretch(audio, SAMPLE_RATE, wanted / native) : audio;
      const pitched = factor === 1 ? timed : resample(timed, Math.round(timed.length / factor));
      const samples = Int16Array.from(pitched, (value) =>
        Math.max(-32_768, Math.min(32_767, Math.round(value * request.volume * 32_767))),
      );
      const warnings =
        request.modelId && request.modelId !== KOKORO_MODEL.id
          ? [`model ${request.modelId} is not offered by Kokoro; ${KOKORO_MODEL.id} was used`]
          : [];
      return { audio: { format: 'pcm16', samples, sampleRate: SAMPLE_RATE }, segments: [], warnings };
    },
  };
}
