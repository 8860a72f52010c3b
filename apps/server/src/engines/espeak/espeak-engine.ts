import { encodeMp3 } from '../../audio/mp3-stream.js';
import {
  EngineError,
  type EngineModel,
  type SpeechEngineV1,
  type SynthesisRequest,
  type SynthesisResult,
} from '../speech-engine.js';
import {
  analyseSample,
  cloneEspeakVoice,
  cloneLanguage,
  cloneVoiceId,
  type EspeakVoice,
  fitCloneVoice,
} from './clone.js';
import { runEspeak } from './run.js';
import { ESPEAK_LANGUAGES, espeakCatalog, espeakVoiceName } from './voices.js';

const WORDS_PER_MINUTE_AT_1X = 175;
/** Characters per eSpeak run: each run costs ~100-200 ms of start-up, so sentences are batched. */
const RUN_CHARS = 600;
const ESPEAK_MODEL: EngineModel = { id: 'espeak-ng', name: 'eSpeak NG (offline)' };

/**
 * The spec's slider values (section 5) mapped onto eSpeak's own controls, around a voice's base
 * pitch and speed (a fitted clone has its own).
 */
function espeakArguments(
  request: Pick<SynthesisRequest, 'speed' | 'pitch' | 'volume'>,
  voice: string,
  basePitch = 50,
  wordsPerMinute = WORDS_PER_MINUTE_AT_1X,
): string[] {
  return [
    '-v',
    voice,
    '-s',
    String(Math.round(wordsPerMinute * request.speed)),
    '-p',
    String(Math.round(Math.min(99, Math.max(0, basePitch + request.pitch * 4.9)))),
    '-a',
    String(Math.round(100 * request.volume)),
  ];
}

/**
 * The embedded default engine: eSpeak NG compiled to WebAssembly (npm `espeak-ng`), so it runs
 * offline everywhere. It has no timing of its own; the caller shares a chunk's time by sentence.
 */
export function createEspeakEngine(): SpeechEngineV1 {
  return {
    specificationVersion: 'v1',
    id: 'espeak',
    defaultModel: ESPEAK_MODEL.id,
    capabilities: {
      presetVoices: true,
      cloning: true,
      timestamps: false,
      maxCharsPerRequest: RUN_CHARS,
      rendersPreviews: true,
      languages: ESPEAK_LANGUAGES,
    },
    status: async () => ({ state: 'up' }),
    listVoices: async () => espeakCatalog(),
    listModels: async () => [ESPEAK_MODEL],
    async synthesize(request): Promise<SynthesisResult> {
      const voice = resolveVoice(request.voiceId);
      if (!voice) {
        throw new EngineError('The selected voice is not available. Please select a different voice.', 'invalid_voice');
      }
      const { samples, sampleRate } = await runEspeak(
        espeakArguments(request, voice.name, voice.basePitch, voice.wordsPerMinute),
        request.text,
        voice.variant,
      );
      const warnings =
        request.modelId && request.modelId !== ESPEAK_MODEL.id
          ? [`model ${request.modelId} is not offered by eSpeak NG; ${ESPEAK_MODEL.id} was used`]
          : [];
      return { audio: { format: 'pcm16', samples, sampleRate }, segments: [], warnings };
    },
    async cloneVoice(request) {
      const profile = analyseSample(request.sample);
      // The fit's last trial speaks the preview text with the final voice at the default sliders.
      const { spec, preview } = await fitCloneVoice(profile, cloneLanguage(request.language), request.previewText);
      const voiceId = cloneVoiceId(spec);
      const bytes = await encodeMp3(preview.samples, preview.sampleRate);
      return { voiceId, name: request.name, approximate: true, preview: { bytes } };
    },
    // An approximate clone is its id; there is nothing to remove on the engine's side.
    deleteVoice: async () => {},
  };
}

/** A preset voice or an approximate clone, as eSpeak's voice name, base pitch, speed and variant file. */
function resolveVoice(voiceId: string): EspeakVoice | null {
  const preset = espeakVoiceName(voiceId);
  if (preset) return { name: preset, basePitch: 50, wordsPerMinute: WORDS_PER_MINUTE_AT_1X };
  return cloneEspeakVoice(voiceId);
}
