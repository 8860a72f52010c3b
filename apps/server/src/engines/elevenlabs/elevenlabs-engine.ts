import { ElevenLabsClient, ElevenLabsError, ElevenLabsTimeoutError } from '@elevenlabs/elevenlabs-js';
import { type Segment, splitSentences } from '../../audio/audio.js';
import { decodeMp3 } from '../../audio/mp3-decode.js';
import { adjustVoice } from '../../audio/voice-adjust.js';
import {
  type ClonedVoice,
  EngineError,
  type EngineErrorCode,
  type EngineVoice,
  type SpeechEngineV1,
  type SynthesisRequest,
  type SynthesisResult,
} from '../speech-engine.js';
import { type EngineLogger, warnCleanupFailed } from '../cleanup-warning.js';

export interface ElevenLabsOptions {
  apiKey: string;
  baseUrl: string;
  defaultModel: string;
  timeoutSeconds?: number;
  maxRetries?: number;
  /** Where a voice a failed clone could not delete from the account is reported. */
  logger?: EngineLogger;
}

/** The service's own speed control reaches only this far; the rest is done on the audio. */
const NATIVE_SPEED = { min: 0.7, max: 1.2 };
/**
 * The longest chunk sent in one request, whatever the model's cap: long enough to carry its
 * delivery, short enough that the first audio of a stream comes soon.
 */
const CHUNK_CHARS = 5_000;
/**
 * Per-request caps for when `/v1/models` cannot be read. eleven_v3 is the one under CHUNK_CHARS:
 * its cap has been published as 3,000 and as 5,000, so the smaller is assumed.
 */
const FALLBACK_CAPS: Record<string, number> = { eleven_v3: 3_000 };
const VOICE_CACHE_MS = 10 * 60_000;
/** Models that take `language_code`; the API refuses it from any other (its reference says so). */
const LANGUAGE_CODE_MODELS = new Set(['eleven_turbo_v2_5', 'eleven_flash_v2_5']);
/** Request stitching (previous ids, previous and next text) is not available for these models. */
const NO_STITCHING_MODELS = new Set(['eleven_v3']);

interface Alignment {
  characters: string[];
  characterStartTimesSeconds: number[];
  characterEndTimesSeconds: number[];
}

/** Sentence cues from ElevenLabs' per-character alignment, scaled when the audio was re-timed. */
function alignmentToSegments(alignment: Alignment | undefined, timeScale = 1): Segment[] {
  if (!alignment || alignment.characters.length === 0) return [];
  const spoken = alignment.characters.join('');
  const segments: Segment[] = [];
  let cursor = 0;
  for (const sentence of splitSentences(spoken)) {
    const start = spoken.indexOf(sentence, cursor);
    if (start < 0) continue;
    const end = start + sentence.length - 1;
    cursor = end + 1;
    segments.push({
      text: sentence,
      startMs: (alignment.characterStartTimesSeconds[start] ?? 0) * 1000 * timeScale,
      endMs: (alignment.characterEndTimesSeconds[end] ?? 0) * 1000 * timeScale,
    });
  }
  return segments;
}

/** The `detail` of an ElevenLabs error: newer `{type, code, message}`, older `{status, message}`, or 422's list. */
function detailOf(body: unknown): { kind: string; message: string } {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (Array.isArray(detail)) return { kind: 'validation_error', message: String(detail[0]?.msg ?? '') };
  const value = (detail ?? {}) as { type?: string; code?: string; status?: string; message?: string };
  return { kind: value.code ?? value.status ?? value.type ?? '', message: value.message ?? '' };
}

/**
 * The request-stitching fields for one chunk of a longer text: the ids of up to three requests
 * before it (ElevenLabs then ignores `previous_text`) and the text after it. eleven_v3 takes none
 * of them: its API refuses `previous_text` and `next_text`, and stitching is not offered for it.
 */
function stitchingFields(
  modelId: string,
  stitching: SynthesisRequest['stitching'],
): { previousRequestIds?: string[]; previousText?: string; nextText?: string } {
  if (!stitching || NO_STITCHING_MODELS.has(modelId)) return {};
  const ids = stitching.previousRequestIds.slice(-3);
  return {
    ...(ids.length > 0
      ? { previousRequestIds: ids }
      : stitching.previousText
        ? { previousText: stitching.previousText }
        : {}),
    ...(stitching.nextText ? { nextText: stitching.nextText } : {}),
  };
}

/** ElevenLabs failures as the spec's section 8 messages. */
function elevenLabsEngineError(error: unknown): EngineError {
  if (error instanceof EngineError) return error;
  const fail = (message: string, code: EngineErrorCode) => new EngineError(message, code, { cause: error });
  if (error instanceof ElevenLabsTimeoutError) return fail('Request timed out. Please try again.', 'timeout');
  // On Node 20 the SDK's own timeout arrives as a plain ElevenLabsError whose message is "timeout".
  if (error instanceof ElevenLabsError && !error.statusCode && /time(d)? ?out/i.test(error.message)) {
    return fail('Request timed out. Please try again.', 'timeout');
  }
  // The SDK checks each answer against its schema; a cut-off or garbled body fails there, by name
  // (its ParseError class is not exported).
  if (error instanceof Error && (error.name === 'ParseError' || error instanceof SyntaxError)) {
    return fail('The speech service sent an unreadable answer. Please try again.', 'failed');
  }
  if (!(error instanceof ElevenLabsError)) {
    return fail('The speech service could not be reached. Please try again.', 'failed');
  }
  const { kind } = detailOf(error.body);
  const status = error.statusCode ?? 0;
  if (status === 429 || /rate_limit|concurrent|system_busy/.test(kind)) {
    return fail('Too many requests. Please wait a moment and try again.', 'rate_limited');
  }
  if (kind === 'voice_not_found' || (status === 404 && !kind)) {
    return fail('The selected voice is not available. Please select a different voice.', 'invalid_voice');
  }
  // The documented code is max_character_limit_exceeded; text_too_long is an older spelling.
  if (kind === 'max_character_limit_exceeded' || kind === 'text_too_long') {
    return fail('The text is too long. Please use shorter text.', 'text_too_long');
  }
  // The account holds as many custom voices as its plan allows: the operator's to fix, not the user's.
  if (kind === 'voice_limit_reached') {
    return fail('The speech service is not configured correctly. Please contact support.', 'unavailable');
  }
  // The code decides before the status: ElevenLabs sends an exhausted quota as a 401 too.
  if (status === 402 || /insufficient_credits|quota_exceeded/.test(kind)) {
    return fail('The speech service has run out of balance. Please contact support.', 'provider_balance');
  }
  if (status === 401 || kind === 'invalid_api_key') {
    return fail('The speech service is not configured correctly. Please contact support.', 'unavailable');
  }
  if (status === 400 || status === 422) {
    return fail('Invalid input. Please check your text and voice selection.', 'invalid_input');
  }
  return fail(`The speech service failed (HTTP ${status || 'error'}). Please try again.`, 'failed');
}

/**
 * A failed clone in the clone screen's terms: rate limits and timeouts as such, else 'Failed to
 * create voice' (code `unavailable` when the account is out of voice slots, so staff can tell).
 */
function elevenLabsCloneError(error: unknown): EngineError {
  const mapped = elevenLabsEngineError(error);
  if (mapped.code === 'rate_limited' || mapped.code === 'timeout') return mapped;
  const code = mapped.code === 'unavailable' ? 'unavailable' : 'failed';
  return new EngineError('Failed to create voice. Please try again.', code, { cause: error });
}

/**
 * The preset studio (the spec's provider B) in the cloud through the official SDK (its base URL
 * from configuration): the voice library and models, speech with per-character timestamps turned
 * into sentence cues, instant cloning and deletion. Speed beyond the service's 0.7-1.2, pitch and volume are applied to the
 * returned audio, so the sliders mean the same on every engine.
 */
export function createElevenLabsEngine(options: ElevenLabsOptions): SpeechEngineV1 {
  const client = new ElevenLabsClient({
    apiKey: options.apiKey,
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    timeoutInSeconds: options.timeoutSeconds ?? 60,
    maxRetries: options.maxRetries ?? 3,
  });
  let voices: { at: number; list: EngineVoice[] } | null = null;
  let caps: { at: number; byModel: Map<string, number> } | null = null;

  /** Each model's per-request cap from `/v1/models`, cached like the voices; null when unreadable. */
  async function modelCaps(): Promise<Map<string, number> | null> {
    if (caps && Date.now() - caps.at < VOICE_CACHE_MS) return caps.byModel;
    try {
      const models = await client.models.list();
      const byModel = new Map<string, number>();
      for (const model of models) {
        const cap = model.maxCharactersRequestSubscribedUser;
        if (typeof cap === 'number' && cap > 0) byModel.set(model.modelId, cap);
      }
      caps = { at: Date.now(), byModel };
      return byModel;
    } catch {
      return null;
    }
  }

  async function speak(request: SynthesisRequest): Promise<SynthesisResult> {
    const native = Math.min(NATIVE_SPEED.max, Math.max(NATIVE_SPEED.min, request.speed));
    const modelId = request.modelId || options.defaultModel;
    const language = request.language?.trim().toLowerCase() ?? '';
    const { data: answer, rawResponse } = await client.textToSpeech
      .convertWithTimestamps(
        request.voiceId,
        {
          text: request.text,
          modelId,
          outputFormat: 'mp3_44100_128',
          voiceSettings: { speed: native },
          ...(LANGUAGE_CODE_MODELS.has(modelId) && /^[a-z]{2}$/.test(language) ? { languageCode: language } : {}),
          ...stitchingFields(modelId, request.stitching),
          // A seed makes the take repeatable, and a new one gives the timeline "another take".
          ...(request.seed != null ? { seed: request.seed } : {}),
        },
        request.signal ? { abortSignal: request.signal } : {},
      )
      .withRawResponse();
    const requestId = rawResponse.headers.get('request-id') ?? undefined;
    if (typeof answer?.audioBase64 !== 'string' || answer.audioBase64.length === 0) {
      throw new EngineError('The speech service sent an unreadable answer. Please try again.', 'failed');
    }
    const bytes = Buffer.from(answer.audioBase64, 'base64');
    const extraSpeed = request.speed / native;
    const untouched = Math.abs(extraSpeed - 1) < 1e-3 && request.pitch === 0 && request.volume === 1;
    const decoded = await decodeMp3(bytes).catch(() => {
      throw new EngineError('The speech service returned unreadable audio. Please try again.', 'failed');
    });
    if (untouched) {
      return {
        audio: { format: 'mp3', bytes, durationMs: decoded.durationMs },
        segments: alignmentToSegments(answer.alignment),
        warnings: [],
        ...(requestId ? { requestId } : {}),
      };
    }
    const samples = adjustVoice(decoded.samples, decoded.sampleRate, {
      speed: extraSpeed,
      pitch: request.pitch,
      volume: request.volume,
    });
    return {
      audio: { format: 'pcm16', samples, sampleRate: decoded.sampleRate },
      segments: alignmentToSegments(answer.alignment, 1 / extraSpeed),
      warnings: [],
      ...(requestId ? { requestId } : {}),
    };
  }

  return {
    specificationVersion: 'v1',
    id: 'elevenlabs',
    defaultModel: options.defaultModel,
    capabilities: {
      presetVoices: true,
      cloning: true,
      timestamps: true,
      maxCharsPerRequest: CHUNK_CHARS,
      rendersPreviews: false,
      seeds: true,
      noiseReduction: true,
      languages: ['en', 'es', 'fr', 'de', 'it', 'pt', 'pl', 'hi', 'ja', 'ko', 'zh', 'ar', 'nl', 'tr', 'ru'],
    },
    status: async () => ({ state: 'up' }),
    async maxCharsFor(modelId) {
      const model = modelId || options.defaultModel;
      const cap = (await modelCaps())?.get(model) ?? FALLBACK_CAPS[model] ?? CHUNK_CHARS;
      return Math.min(cap, CHUNK_CHARS);
    },
    async listVoices() {
      if (voices && Date.now() - voices.at < VOICE_CACHE_MS) return voices.list;
      try {
        const answer = await client.voices.getAll();
        const list = answer.voices.map((voice): EngineVoice => {
          const labels = voice.labels ?? {};
          const first = voice.verifiedLanguages?.[0];
          const language = first?.language ?? labels.language ?? 'en';
          return {
            id: voice.voiceId,
            name: voice.name ?? voice.voiceId,
            accent: labels.accent ?? first?.accent ?? 'standard',
            gender: labels.gender ?? 'neutral',
            age: labels.age ?? '',
            descriptive: labels.descriptive ?? labels.description ?? '',
            useCase: labels.use_case ?? '',
            category: voice.category === 'professional' ? 'professional' : 'high_quality',
            language,
            locale: first?.locale ?? language,
            description: voice.description ?? '',
            previewUrl: voice.previewUrl ?? null,
            verifiedLanguages: (voice.verifiedLanguages ?? []).map((entry) => ({
              language: entry.language,
              accent: entry.accent ?? '',
              locale: entry.locale ?? null,
              previewUrl: entry.previewUrl ?? null,
            })),
          };
        });
        voices = { at: Date.now(), list };
        return list;
      } catch (error) {
        throw elevenLabsEngineError(error);
      }
    },
    async listModels() {
      try {
        const models = await client.models.list();
        return models
          .filter((model) => model.canDoTextToSpeech !== false)
          .map((model) => ({ id: model.modelId, name: model.name ?? model.modelId }));
      } catch (error) {
        throw elevenLabsEngineError(error);
      }
    },
    async synthesize(request) {
      try {
        return await speak(request);
      } catch (error) {
        throw elevenLabsEngineError(error);
      }
    },
    async cloneVoice(request): Promise<ClonedVoice> {
      // The clone's error is what the caller sees; a voice left in the account is logged by its id.
      const removeFailedClone = (voiceId: string) =>
        client.voices.delete(voiceId).catch((cleanupError: unknown) => {
          warnCleanupFailed(
            options.logger,
            { engineVoiceId: voiceId },
            cleanupError,
            'a failed clone’s ElevenLabs voice could not be deleted and was left in the account',
          );
        });
      let voiceId: string | null = null;
      try {
        const created = await client.voices.ivc.create({
          name: request.name,
          files: [new File([new Uint8Array(request.sample.bytes)], request.sample.fileName)],
          removeBackgroundNoise: request.noiseReduction,
        });
        voiceId = created.voiceId;
        // A voice ElevenLabs must verify first cannot speak yet: it is kept, and the user is told.
        if (created.requiresVerification) {
          return { voiceId, name: request.name, approximate: false, preview: null, requiresVerification: true };
        }
        const preview = await speak({
          text: request.previewText,
          voiceId,
          modelId: null,
          speed: 1,
          pitch: 0,
          volume: 1,
          language: null,
        });
        const bytes = preview.audio.format === 'mp3' ? preview.audio.bytes : null;
        return { voiceId, name: request.name, approximate: false, preview: bytes ? { bytes } : null };
      } catch (error) {
        // The clone fails as a whole: a voice ElevenLabs already made must not stay in the account.
        if (voiceId) await removeFailedClone(voiceId);
        throw elevenLabsCloneError(error);
      }
    },
    async deleteVoice(voiceId) {
      try {
        await client.voices.delete(voiceId);
      } catch (error) {
        throw elevenLabsEngineError(error);
      }
    },
  };
}
