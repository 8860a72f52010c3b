import ESpeakNg from 'espeak-ng';
import { encodeMp3, parseWav } from '../../audio/audio.js';
import { EngineError, type SpeechEngineV1, type SynthesisRequest, type SynthesisResult } from '../speech-engine.js';
import { cloneLanguage, cloneVoiceId, fitCloneVoice, parseCloneVoiceId, samplePitch } from './clone.js';
import { ESPEAK_LANGUAGES, espeakCatalog, espeakVoiceName } from './voices.js';

const WORDS_PER_MINUTE_AT_1X = 175;
/** Characters per eSpeak run: each run costs ~100-200 ms of start-up, so sentences are batched. */
const RUN_CHARS = 600;
export const ESPEAK_MODEL = { model_id: 'espeak-ng', name: 'eSpeak NG (offline)' };

/** The spec's slider values (section 5) mapped onto eSpeak's own controls, around a voice's base pitch. */
export function espeakArguments(
  request: Pick<SynthesisRequest, 'speed' | 'pitch' | 'volume'>,
  voice: string,
  basePitch = 50,
): string[] {
  return [
    '-v',
    voice,
    '-s',
    String(Math.round(WORDS_PER_MINUTE_AT_1X * request.speed)),
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
    capabilities: {
      presetVoices: true,
      cloning: true,
      timestamps: false,
      maxCharsPerRequest: RUN_CHARS,
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
      const run = await ESpeakNg({
        arguments: [...espeakArguments(request, voice.name, voice.basePitch), '-w', '/out.wav', request.text],
        print: () => {},
        printErr: () => {},
      });
      const { samples, sampleRate } = parseWav(run.FS.readFile('/out.wav'));
      const warnings =
        request.modelId && request.modelId !== ESPEAK_MODEL.model_id
          ? [`model ${request.modelId} is not offered by eSpeak NG; ${ESPEAK_MODEL.model_id} was used`]
          : [];
      return { audio: { format: 'pcm16', samples, sampleRate }, segments: [], warnings };
    },
    async cloneVoice(request) {
      const targetHz = await samplePitch(request.sample);
      const spec = await fitCloneVoice(targetHz, cloneLanguage(request.language), request.previewText);
      const voiceId = cloneVoiceId(spec);
      const preview = await this.synthesize({
        text: request.previewText,
        voiceId,
        modelId: null,
        speed: 1,
        pitch: 0,
        volume: 1,
        language: null,
      });
      if (preview.audio.format !== 'pcm16') throw new Error('eSpeak returned audio in an unexpected format');
      const bytes = await encodeMp3(preview.audio.samples, preview.audio.sampleRate);
      return { voiceId, name: request.name, approximate: true, preview: { bytes } };
    },
    // An approximate clone is its id; there is nothing to remove on the engine's side.
    deleteVoice: async () => {},
  };
}

/** A preset voice or an approximate clone, as eSpeak's voice name and base pitch. */
function resolveVoice(voiceId: string): { name: string; basePitch: number } | null {
  const preset = espeakVoiceName(voiceId);
  if (preset) return { name: preset, basePitch: 50 };
  const clone = parseCloneVoiceId(voiceId);
  return clone ? { name: `${clone.language}+${clone.variant}`, basePitch: clone.basePitch } : null;
}
