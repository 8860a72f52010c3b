import { randomBytes } from 'node:crypto';
import type { Segment } from '../../audio/audio.js';
import { decodeMp3 } from '../../audio/mp3-decode.js';
import { sniffType } from '../../audio/probe.js';
import { isTar, readTar } from '../../audio/tar.js';
import { defaultProviderHttp, httpRetryClass, type ProviderHttp, retryDelayMs } from '../http/provider-http.js';
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
import {
  MinimaxApiError,
  type MinimaxClient,
  minimaxClient,
  minimaxCloneError,
  minimaxEngineError,
} from './minimax-client.js';
import { MINIMAX_LANGUAGES, minimaxVoiceLanguage } from './voice-language.js';

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

/** The models MiniMax's sync speech reference lists (`POST /v1/t2a_v2`). */
const SYNC_MODELS = [
  'speech-2.8-hd',
  'speech-2.8-turbo',
  'speech-2.6-hd',
  'speech-2.6-turbo',
  'speech-02-hd',
  'speech-02-turbo',
  'speech-01-hd',
  'speech-01-turbo',
];
/** The async reference (`POST /v1/t2a_async_v2`) lists fewer: the speech-01 pair is not among them. */
const ASYNC_MODELS = new Set(SYNC_MODELS.slice(0, 6));
/** The sync endpoint takes fewer than this many characters. */
const SYNC_TEXT_LIMIT = 10_000;
const VOICE_CACHE_MS = 10 * 60_000;
/**
 * The spec's default model, which no current MiniMax model list names: a request naming it means
 * "the default", whatever is configured, and it is never sent to MiniMax as such.
 */
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

/** Timed lines from MiniMax's subtitle JSON (a byte-order mark allowed); null when it is not a list of lines. */
function parseSubtitles(bytes: Buffer): Segment[] | null {
  try {
    const lines: unknown = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
    return Array.isArray(lines) ? toSegments(lines as SubtitleLine[]) : null;
  } catch {
    return null;
  }
}

const toSegments = (lines: SubtitleLine[]): Segment[] =>
  lines
    .filter((line) => typeof line.text === 'string' && line.text.trim())
    .map((line) => ({ text: (line.text ?? '').trim(), startMs: line.time_begin ?? 0, endMs: line.time_end ?? 0 }));

/** Words in MiniMax's system voice names that say the speaker's gender ('(F)' and '女' too). */
function genderOf(name: string): string {
  const words = name.replace(/[_\-()（）]/g, ' ');
  if (/\b(lady|girl|woman|women|female|belle|queen|sister|shaonv|f)\b|女/i.test(words)) return 'female';
  if (/\b(man|men|bloke|boy|male|guy|gentleman|king|qn|m)\b|男/i.test(words)) return 'male';
  return 'neutral';
}

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

  async function speakNow(request: SynthesisRequest, model: string, warnings: string[] = []): Promise<SynthesisResult> {
    const answer = await client.json<SyncAnswer>('/v1/t2a_v2', {
      model,
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
    const durationMs = answer.extra_info?.audio_length ?? (await decodeMp3(bytes)).durationMs;
    return { audio: { format: 'mp3', bytes, durationMs }, segments: await subtitlesOf(answer), warnings };
  }

  /**
   * The sync answer's subtitles, best effort: the audio is already made and paid for, so a lost or
   * unreadable subtitle file costs only its timings, which the product then estimates itself.
   */
  async function subtitlesOf(answer: SyncAnswer): Promise<Segment[]> {
    if (!answer.data?.subtitle_file) return [];
    const file = await client.download(answer.data.subtitle_file).catch(() => null);
    return (file && parseSubtitles(file)) ?? [];
  }

  /**
   * Starts the provider's job, or picks up the one a crashed run of this task had started. The
   * checkpoint is `minimax-async:<task_id>[:<file_id>]`: the file id MiniMax gives at creation is
   * kept too, for a query that reports success without one.
   */
  async function startAsyncTask(request: SynthesisRequest, model: string): Promise<AsyncJob> {
    const saved = request.checkpoint?.saved;
    if (saved?.startsWith(CHECKPOINT_PREFIX)) {
      const [taskId = '', fileId = null] = saved.slice(CHECKPOINT_PREFIX.length).split(':');
      return { taskId, fileId };
    }
    // A paid job: after a timeout or a server error it may exist already, so only a refusal is retried.
    const created = await client.json<{ task_id?: string | number; file_id?: string | number }>(
      '/v1/t2a_async_v2',
      {
        model,
        text: request.text,
        voice_setting: minimaxVoiceSetting(request),
        audio_setting: { ...audioSetting, audio_sample_rate: 32_000 },
        language_boost: minimaxLanguageBoost(request.language),
      },
      { idempotent: false },
    );
    if (created.task_id === undefined || created.task_id === null || created.task_id === '') {
      throw new EngineError('The speech service returned no task. Please try again.', 'failed');
    }
    const job = { taskId: String(created.task_id), fileId: idOrNull(created.file_id) };
    await request.checkpoint?.save(`${CHECKPOINT_PREFIX}${job.taskId}${job.fileId ? `:${job.fileId}` : ''}`);
    return job;
  }

  async function speakLater(request: SynthesisRequest, model: string, warnings: string[]): Promise<SynthesisResult> {
    const job = await startAsyncTask(request, model);
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
    return { ...(await unpackAsyncOutput(await client.download(file.file.download_url))), warnings };
  }

  /**
   * Short text goes to the sync endpoint. Long text goes to the async one, which lists fewer
   * models: a model it does not list is never sent there. Text the sync endpoint still takes goes
   * there with that model; longer text goes async with the current model of the same kind.
   */
  function speak(request: SynthesisRequest): Promise<SynthesisResult> {
    const model = modelOf(request);
    if (request.text.length <= asyncAbove) return speakNow(request, model);
    if (ASYNC_MODELS.has(model)) return speakLater(request, model, []);
    if (request.text.length < SYNC_TEXT_LIMIT) return speakNow(request, model);
    const substitute = model.endsWith('-turbo') ? 'speech-2.8-turbo' : 'speech-2.8-hd';
    return speakLater(request, substitute, [
      `MiniMax's long-text service does not offer ${model}; this text was spoken with ${substitute}.`,
    ]);
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
      noiseReduction: true,
      languages: MINIMAX_LANGUAGES,
    },
    status: async () => ({ state: 'up' }),
    async listVoices() {
      if (voices && Date.now() - voices.at < VOICE_CACHE_MS) return voices.list;
      try {
        const answer = await client.json<{
          system_voice?: { voice_id: string; voice_name?: string; description?: string[] }[] | null;
        }>('/v1/get_voice', { voice_type: 'system' });
        const list = (answer.system_voice ?? []).map((voice): EngineVoice => {
          const { language, locale, accent } = minimaxVoiceLanguage(
            voice.voice_id,
            voice.voice_name,
            voice.description ?? [],
          );
          return {
            id: voice.voice_id,
            name: voice.voice_name || voice.voice_id.replace(/_/g, ' '),
            accent,
            gender: genderOf(`${voice.voice_id} ${voice.voice_name ?? ''}`),
            age: 'middle_aged',
            descriptive: voice.description?.[0] ?? '',
            useCase: 'narration',
            category: 'professional',
            language,
            locale,
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
      ...SYNC_MODELS.filter((model) => model !== options.defaultModel).map((model) => ({ id: model, name: model })),
    ],
    async synthesize(request) {
      try {
        return await speak(request);
      } catch (error) {
        throw minimaxEngineError(error);
      }
    },
    async cloneVoice(request: CloneRequest): Promise<ClonedVoice> {
      try {
        return await clone(client, http, options.defaultModel, request);
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

/**
 * `voice_clone` makes a voice MiniMax keeps (and bills on first use), so it is not simply repeated.
 * Our voice id is the key: after a timeout, a dropped connection or a server error the call is
 * made again under the same id, and MiniMax's "duplicate voice_id" (2039) then means the earlier
 * call made it. If the clone still fails, the voice an earlier call may have made is deleted.
 */
async function createClone(
  client: MinimaxClient,
  http: ProviderHttp,
  body: { voice_id: string } & Record<string, unknown>,
): Promise<{ demo_audio?: string }> {
  let unsure = false;
  for (let retry = 0; ; retry += 1) {
    try {
      return await client.json<{ demo_audio?: string }>('/v1/voice_clone', body, { idempotent: false });
    } catch (error) {
      if (unsure && error instanceof MinimaxApiError && error.code === 2039) return {};
      const reason = httpRetryClass(error) === 'transient' || isServerSide(error) ? 'transient' : null;
      if (reason && retry < http.retry.maxRetries) {
        unsure = true;
        await http.sleep(retryDelayMs(http, reason, retry, error));
        continue;
      }
      if (unsure) await deleteClonedVoice(client, body.voice_id);
      throw error;
    }
  }
}

/** MiniMax's own failure, inside its envelope or as a 5xx: the call may or may not have taken effect. */
const isServerSide = (error: unknown) =>
  error instanceof MinimaxApiError && ((error.httpStatus ?? 0) >= 500 || [1000, 1001, 1024, 1033].includes(error.code));

const deleteClonedVoice = (client: MinimaxClient, voiceId: string) =>
  client.json('/v1/delete_voice', { voice_type: 'voice_cloning', voice_id: voiceId }).then(
    () => {},
    () => {},
  );

async function clone(
  client: MinimaxClient,
  http: ProviderHttp,
  model: string,
  request: CloneRequest,
): Promise<ClonedVoice> {
  const form = new FormData();
  form.append('purpose', 'voice_clone');
  // MiniMax measures the voice itself, from the file as uploaded.
  form.append('file', new Blob([new Uint8Array(request.sample.bytes)]), request.sample.fileName);
  const uploaded = await client.form<{ file?: { file_id?: string | number } }>('/v1/files/upload', form);
  if (uploaded.file?.file_id === undefined)
    throw new EngineError('Failed to create voice. Please try again.', 'failed');
  const voiceId = newMinimaxVoiceId();
  const answer = await createClone(client, http, {
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
      await deleteClonedVoice(client, voiceId);
      throw error;
    }
  }
  return { voiceId, name: request.name, approximate: false, preview };
}

/**
 * The async output: either a bare MP3, or a tar holding the audio, a `.titles` JSON list of
 * sentences with times in ms, and a `.extra` JSON. Both occur, so both are read. The audio is
 * found by what it is, not by its name, which MiniMax does not document.
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
    const audioEntry = entries.find((entry) => sniffType(entry.bytes) === 'mp3');
    if (!audioEntry) throw new EngineError('The speech service returned no audio. Please try again.', 'failed');
    audio = audioEntry.bytes;
    const titles = entries.find((entry) => entry.name.endsWith('.titles'));
    // Best effort, as for sync speech: without titles the product times the sentences itself.
    if (titles) segments = parseSubtitles(titles.bytes) ?? [];
  }
  const decoded = await decodeMp3(audio).catch(() => {
    throw new EngineError('The speech service returned unreadable audio. Please try again.', 'failed');
  });
  return { audio: { format: 'mp3', bytes: audio, durationMs: decoded.durationMs }, segments, warnings: [] };
}
