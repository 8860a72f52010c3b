import { randomBytes } from 'node:crypto';
import type { Segment } from '../../audio/audio.js';
import { decodeMp3 } from '../../audio/mp3-decode.js';
import { isTar, readTar } from '../../audio/tar.js';
import { defaultProviderHttp, type ProviderHttp } from '../http/provider-http.js';
import {
  type ClonedVoice,
  type CloneRequest,
  EngineError,
  type EngineVoice,
  type SpeechEngineV1,
  type SynthesisRequest,
  type SynthesisResult,
} from '../speech-engine.js';
import { minimaxLanguageBoost } from './language-boost.js';
import { type MinimaxClient, minimaxClient, minimaxCloneError, minimaxEngineError } from './minimax-client.js';

export interface MinimaxOptions {
  apiKey: string;
  baseUrl: string;
  /**
   * The configured model (MINIMAX_MODEL): used when a request names none or names the spec's
   * default, which every product screen sends as a matter of course.
   */
  defaultModel: string;
  http?: Partial<ProviderHttp>;
  /** Texts longer than this go through the asynchronous API (the sync API takes < 10,000). */
  asyncAboveChars?: number;
  /** How often a long-text task is queried, and for how long at most. */
  pollIntervalMs?: number;
  asyncDeadlineMs?: number;
}

const MODELS = [
  'speech-2.8-hd',
  'speech-2.8-turbo',
  'speech-2.6-hd',
  'speech-2.6-turbo',
  'speech-02-hd',
  'speech-02-turbo',
];
const VOICE_CACHE_MS = 10 * 60_000;
/** The spec's default model: a request naming it means "the default", whatever is configured. */
const SPEC_DEFAULT_MODEL = 'speech-2.5-hd-preview';
const CHECKPOINT_PREFIX = 'minimax-async:';

/** The product's sliders in MiniMax's ranges: speed 0.5-2, vol (0, 10], pitch -12..12 (integers). */
function minimaxVoiceSetting(request: SynthesisRequest) {
  return {
    voice_id: request.voiceId,
    speed: Math.min(2, Math.max(0.5, request.speed)),
    vol: Math.min(10, Math.max(0.1, request.volume)),
    pitch: Math.max(-12, Math.min(12, Math.round(request.pitch * 1.2))),
  };
}

interface SyncAnswer {
  data?: { audio?: string; status?: number; subtitle_file?: string };
  extra_info?: { audio_length?: number };
}

interface SubtitleLine {
  text?: string;
  time_begin?: number;
  time_end?: number;
}

/** Timed lines from MiniMax's subtitle JSON; anything but a list of lines is an unreadable answer. */
function parseSubtitles(bytes: Buffer): Segment[] {
  let lines: unknown;
  try {
    lines = JSON.parse(bytes.toString('utf8'));
  } catch {
    lines = null;
  }
  if (!Array.isArray(lines)) {
    throw new EngineError('The speech service sent unreadable subtitles. Please try again.', 'failed');
  }
  return toSegments(lines as SubtitleLine[]);
}

const toSegments = (lines: SubtitleLine[]): Segment[] =>
  lines
    .filter((line) => typeof line.text === 'string' && line.text.trim())
    .map((line) => ({ text: (line.text ?? '').trim(), startMs: line.time_begin ?? 0, endMs: line.time_end ?? 0 }));

/** Words in MiniMax's system voice names that say the speaker's gender. */
function genderOf(name: string): string {
  if (/\b(lady|girl|woman|female|belle|queen|sister|shaonv)\b/i.test(name.replace(/[_-]/g, ' '))) return 'female';
  if (/\b(man|bloke|boy|male|guy|gentleman|king|qn)\b/i.test(name.replace(/[_-]/g, ' '))) return 'male';
  return 'neutral';
}

const LANGUAGE_CODES: Record<string, string> = {
  english: 'en',
  japanese: 'ja',
  korean: 'ko',
  spanish: 'es',
  french: 'fr',
  german: 'de',
  portuguese: 'pt',
  italian: 'it',
  russian: 'ru',
  arabic: 'ar',
  chinese: 'zh',
};

/**
 * The clone studio (the spec's provider A) in the cloud: MiniMax's speech (sync for short text,
 * async with polling for long), voice cloning from an uploaded sample, and its system voices. Errors
 * come from `base_resp` even on HTTP 200 and are mapped to the spec's messages; transient ones are
 * retried with backoff.
 */
export function createMinimaxEngine(options: MinimaxOptions): SpeechEngineV1 {
  const http = defaultProviderHttp(options.http);
  const client = minimaxClient(options.baseUrl.replace(/\/$/, ''), options.apiKey, http);
  const asyncAbove = options.asyncAboveChars ?? 3_000;
  let voices: { at: number; list: EngineVoice[] } | null = null;

  const modelOf = (request: SynthesisRequest) =>
    request.modelId && request.modelId !== SPEC_DEFAULT_MODEL ? request.modelId : options.defaultModel;
  const audioSetting = { bitrate: 128_000, format: 'mp3', channel: 1 };

  async function speakNow(request: SynthesisRequest): Promise<SynthesisResult> {
    const answer = await client.json<SyncAnswer>('/v1/t2a_v2', {
      model: modelOf(request),
      text: request.text,
      stream: false,
      voice_setting: minimaxVoiceSetting(request),
      audio_setting: { ...audioSetting, sample_rate: 32_000 },
      language_boost: minimaxLanguageBoost(request.language),
      subtitle_enable: true,
      output_format: 'hex',
    });
    const hex = answer.data?.audio;
    if (!hex || !/^[0-9a-f]+$/i.test(hex))
      throw new EngineError('The speech service returned no audio. Please try again.', 'failed');
    const bytes = Buffer.from(hex, 'hex');
    const segments = answer.data?.subtitle_file ? parseSubtitles(await client.download(answer.data.subtitle_file)) : [];
    const durationMs = answer.extra_info?.audio_length ?? (await decodeMp3(bytes)).durationMs;
    return { audio: { format: 'mp3', bytes, durationMs }, segments, warnings: [] };
  }

  /**
   * Starts the provider's job, or picks up the one a crashed run of this task had started. The
   * checkpoint is `minimax-async:<task_id>[:<file_id>]`: the file id MiniMax gives at creation is
   * kept too, for a query that reports success without one.
   */
  async function startAsyncTask(request: SynthesisRequest): Promise<AsyncJob> {
    const saved = request.checkpoint?.saved;
    if (saved?.startsWith(CHECKPOINT_PREFIX)) {
      const [taskId = '', fileId = null] = saved.slice(CHECKPOINT_PREFIX.length).split(':');
      return { taskId, fileId };
    }
    const created = await client.json<{ task_id?: string | number; file_id?: string | number }>('/v1/t2a_async_v2', {
      model: modelOf(request),
      text: request.text,
      voice_setting: minimaxVoiceSetting(request),
      audio_setting: { ...audioSetting, audio_sample_rate: 32_000 },
      language_boost: minimaxLanguageBoost(request.language),
    });
    if (created.task_id === undefined || created.task_id === null || created.task_id === '') {
      throw new EngineError('The speech service returned no task. Please try again.', 'failed');
    }
    const job = { taskId: String(created.task_id), fileId: idOrNull(created.file_id) };
    await request.checkpoint?.save(`${CHECKPOINT_PREFIX}${job.taskId}${job.fileId ? `:${job.fileId}` : ''}`);
    return job;
  }

  async function speakLater(request: SynthesisRequest): Promise<SynthesisResult> {
    const job = await startAsyncTask(request);
    const deadline = Date.now() + (options.asyncDeadlineMs ?? 20 * 60_000);
    let fileId: string | null = null;
    for (let poll = 0; fileId === null; poll += 1) {
      request.signal?.throwIfAborted();
      // Every poll but the first waits, whatever the last answer was: the query allows 10 per second.
      if (poll > 0) await http.sleep(options.pollIntervalMs ?? 2_000);
      if (Date.now() > deadline) throw new EngineError('Request timed out. Please try again.', 'timeout');
      const state = await client.get<{ status?: string; file_id?: string | number }>('/v1/query/t2a_async_query_v2', {
        task_id: job.taskId,
      });
      const status = (state.status ?? '').toLowerCase();
      if (status === 'success') fileId = idOrNull(state.file_id) ?? job.fileId;
      else if (status === 'failed')
        throw new EngineError('The speech service could not make this audio. Please try again.', 'failed');
      else if (status === 'expired') throw new EngineError('Request timed out. Please try again.', 'timeout');
    }
    const file = await client.get<{ file?: { download_url?: string } }>('/v1/files/retrieve', { file_id: fileId });
    if (!file.file?.download_url)
      throw new EngineError('The speech service returned no file. Please try again.', 'failed');
    return unpackAsyncOutput(await client.download(file.file.download_url));
  }

  return {
    specificationVersion: 'v1',
    id: 'minimax',
    defaultModel: options.defaultModel,
    capabilities: {
      presetVoices: true,
      cloning: true,
      timestamps: true,
      maxCharsPerRequest: 50_000,
      rendersPreviews: false,
      languages: Object.values(LANGUAGE_CODES),
    },
    status: async () => ({ state: 'up' }),
    async listVoices() {
      if (voices && Date.now() - voices.at < VOICE_CACHE_MS) return voices.list;
      try {
        const answer = await client.json<{
          system_voice?: { voice_id: string; voice_name?: string; description?: string[] }[] | null;
        }>('/v1/get_voice', { voice_type: 'system' });
        const list = (answer.system_voice ?? []).map((voice): EngineVoice => {
          const languageWord = voice.voice_id.split('_')[0]?.toLowerCase() ?? '';
          const language = LANGUAGE_CODES[languageWord] ?? 'en';
          return {
            id: voice.voice_id,
            name: voice.voice_name || voice.voice_id.replace(/_/g, ' '),
            accent: languageWord || 'standard',
            gender: genderOf(`${voice.voice_id} ${voice.voice_name ?? ''}`),
            age: 'middle_aged',
            descriptive: voice.description?.[0] ?? '',
            useCase: 'narration',
            category: 'professional',
            language,
            locale: language,
            description: voice.description?.join(' ') ?? '',
            previewUrl: null,
            verifiedLanguages: [],
          };
        });
        voices = { at: Date.now(), list };
        return list;
      } catch (error) {
        throw minimaxEngineError(error);
      }
    },
    listModels: async () => [
      { id: options.defaultModel, name: options.defaultModel },
      ...MODELS.filter((model) => model !== options.defaultModel).map((model) => ({ id: model, name: model })),
    ],
    async synthesize(request) {
      try {
        return request.text.length > asyncAbove ? await speakLater(request) : await speakNow(request);
      } catch (error) {
        throw minimaxEngineError(error);
      }
    },
    async cloneVoice(request: CloneRequest): Promise<ClonedVoice> {
      try {
        return await clone(client, options.defaultModel, request);
      } catch (error) {
        throw minimaxCloneError(error);
      }
    },
    async deleteVoice(voiceId) {
      try {
        await client.json('/v1/delete_voice', { voice_type: 'voice_cloning', voice_id: voiceId });
      } catch (error) {
        throw minimaxEngineError(error);
      }
    },
  };
}

interface AsyncJob {
  taskId: string;
  fileId: string | null;
}

/** An id MiniMax gave, or null for its "none" readings (absent, null, 0 or ""). */
const idOrNull = (id: string | number | null | undefined) =>
  id === undefined || id === null || id === 0 || id === '' || id === '0' ? null : String(id);

/** A voice id MiniMax accepts: 8+ characters, a letter first, letters and digits only. */
const newMinimaxVoiceId = () => `Sayso${randomBytes(8).toString('hex')}`;

async function clone(client: MinimaxClient, model: string, request: CloneRequest): Promise<ClonedVoice> {
  const form = new FormData();
  form.append('purpose', 'voice_clone');
  // MiniMax measures the voice itself, from the file as uploaded.
  form.append('file', new Blob([new Uint8Array(request.sample.bytes)]), request.sample.fileName);
  const uploaded = await client.form<{ file?: { file_id?: string | number } }>('/v1/files/upload', form);
  if (uploaded.file?.file_id === undefined)
    throw new EngineError('Failed to create voice. Please try again.', 'failed');
  const voiceId = newMinimaxVoiceId();
  const answer = await client.json<{ demo_audio?: string }>('/v1/voice_clone', {
    file_id: uploaded.file.file_id,
    voice_id: voiceId,
    need_noise_reduction: request.noiseReduction,
    need_volume_normalization: true,
    text: request.previewText,
    model,
    language_boost: minimaxLanguageBoost(request.language),
  });
  // The preview link expires within hours, so the product keeps the bytes. If they cannot be had,
  // the clone fails as a whole, and the voice MiniMax already made must not linger there.
  let preview: { bytes: Buffer } | null = null;
  if (answer.demo_audio) {
    try {
      preview = { bytes: await client.download(answer.demo_audio) };
    } catch (error) {
      await client.json('/v1/delete_voice', { voice_type: 'voice_cloning', voice_id: voiceId }).catch(() => {});
      throw error;
    }
  }
  return { voiceId, name: request.name, approximate: false, preview };
}

/**
 * The async output: either a bare MP3, or a tar holding the audio, a `.titles` JSON list of
 * sentences with times in ms, and a `.extra` JSON. Both occur, so both are read.
 */
async function unpackAsyncOutput(bytes: Buffer): Promise<SynthesisResult> {
  let audio = bytes;
  let segments: Segment[] = [];
  if (isTar(bytes)) {
    let entries: ReturnType<typeof readTar>;
    try {
      entries = readTar(bytes);
    } catch {
      throw new EngineError('The speech service returned unreadable audio. Please try again.', 'failed');
    }
    const audioEntry = entries.find((entry) => /\.(mp3|mpeg)$/i.test(entry.name));
    if (!audioEntry) throw new EngineError('The speech service returned no audio. Please try again.', 'failed');
    audio = audioEntry.bytes;
    const titles = entries.find((entry) => entry.name.endsWith('.titles'));
    if (titles) segments = parseSubtitles(titles.bytes);
  }
  const decoded = await decodeMp3(audio).catch(() => {
    throw new EngineError('The speech service returned unreadable audio. Please try again.', 'failed');
  });
  return { audio: { format: 'mp3', bytes: audio, durationMs: decoded.durationMs }, segments, warnings: [] };
}
