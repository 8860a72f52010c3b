import { encodeMp3 } from '../../audio/mp3-stream.js';
import { splitAtPauses } from '../../audio/split-at-pauses.js';
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
/** Characters per eSpeak run of one text: each run costs ~100-200 ms of start-up. */
const RUN_CHARS = 600;
/**
 * Characters per run of several sentences (a queued task's batches): four times fewer start-ups
 * than runs of RUN_CHARS, while one run still speaks in about a quarter of a second.
 */
const BATCH_CHARS = 2_400;
/**
 * The break between sentences spoken in one run: far longer than any pause eSpeak makes inside a
 * sentence (a few hundred milliseconds at most), so the cuts cannot land anywhere else.
 */
const SENTENCE_BREAK_MS = 1500;
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
      maxCharsPerBatch: BATCH_CHARS,
      rendersPreviews: true,
      languages: ESPEAK_LANGUAGES,
    },
    status: async () => ({ state: 'up' }),
    listVoices: async () => espeakCatalog(),
    listModels: async () => [ESPEAK_MODEL],
    async synthesize(request): Promise<SynthesisResult> {
      const voice = voiceOf(request.voiceId);
      const { samples, sampleRate } = await runEspeak(
        espeakArguments(request, voice.name, voice.basePitch, voice.wordsPerMinute),
        request.text,
        voice.variant,
      );
      return { audio: { format: 'pcm16', samples, sampleRate }, segments: [], warnings: modelWarnings(request) };
    },
    /**
     * One eSpeak run for several sentences, with a long break between them (SSML), cut apart at
     * those breaks: each run costs a fresh WebAssembly instance, far more than a sentence's speech.
     * When the pauses cannot be told apart, each sentence is spoken alone instead.
     */
    async synthesizeEach(texts, request): Promise<SynthesisResult[]> {
      const voice = voiceOf(request.voiceId);
      const ssml = texts.map(escapeXml).join(`<break time="${SENTENCE_BREAK_MS}ms"/>`);
      const args = [...espeakArguments(request, voice.name, voice.basePitch, voice.wordsPerMinute), '-m'];
      const { samples, sampleRate } = await runEspeak(args, ssml, voice.variant);
      const pieces = splitAtPauses(samples, sampleRate, texts.length, SENTENCE_BREAK_MS * 0.8);
      if (!pieces) return Promise.all(texts.map((text) => this.synthesize({ ...request, text })));
      return pieces.map((piece) => ({
        audio: { format: 'pcm16', samples: piece, sampleRate },
        segments: [],
        warnings: modelWarnings(request),
      }));
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

function voiceOf(voiceId: string): EspeakVoice {
  const voice = resolveVoice(voiceId);
  if (!voice) {
    throw new EngineError('The selected voice is not available. Please select a different voice.', 'invalid_voice');
  }
  return voice;
}

const modelWarnings = (request: Pick<SynthesisRequest, 'modelId'>) =>
  request.modelId && request.modelId !== ESPEAK_MODEL.id
    ? [`model ${request.modelId} is not offered by eSpeak NG; ${ESPEAK_MODEL.id} was used`]
    : [];

/** Text as SSML character data: its own angle brackets and ampersands are words, not markup. */
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A preset voice or an approximate clone, as eSpeak's voice name, base pitch, speed and variant file. */
function resolveVoice(voiceId: string): EspeakVoice | null {
  const preset = espeakVoiceName(voiceId);
  if (preset) return { name: preset, basePitch: 50, wordsPerMinute: WORDS_PER_MINUTE_AT_1X };
  return cloneEspeakVoice(voiceId);
}
