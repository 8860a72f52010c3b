import type { FastifyBaseLogger } from 'fastify';
import { randomInt } from 'node:crypto';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  type HistoryDownloadFormat,
  type HistoryItem,
  type HistoryItemDetail,
  type HistoryPage,
  type HistoryQueryParsed,
  MAX_SENTENCE_CHARACTERS,
  type RegeneratedSentence,
  type Timeline,
} from '@sayso/contract/history';
import type { Kysely } from 'kysely';
import { srtToVtt } from '../../audio/audio.js';
import type { TakeEncoder } from '../../audio/sentence-take.js';
import type { Database } from '../../db/schema.js';
import { inTransaction } from '../../db/unit-of-work.js';
import type { EngineRegistry } from '../../engines/registry.js';
import type { SpeechEngineV1 } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';
import type { ByteRange, FileStorage } from '../../storage/file-storage.js';
import { taskFileKey } from '../../storage/keys.js';
import { removeStoredFiles } from '../../storage/remove-files.js';
import { captureHoldIn, creditCost, holdCreditsIn, releaseHoldIn } from '../accounts/index.js';
import {
  applyTakeChangeIn,
  deleteGenerationIn,
  joinSentences,
  newTakeId,
  renderSentences,
  speechFailure,
  storedBytes,
  type TakeChange,
  taskVoice,
} from '../speech/index.js';
import {
  findHistoryRow,
  type HistoryRow,
  historyVoices,
  listHistory,
  listTakes,
  type TakeRow,
  takeHoldReference,
} from './repository.js';
import { excerptOf } from './excerpt.js';
import { VoiceNames } from './voice-names.js';

export interface HistoryDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  engines: EngineRegistry;
  /** Makes a regenerated sentence's PCM its MP3 take (the render pool's encoder when there is one). */
  encodeTake?: TakeEncoder;
  /** Days after which audio is let go (the record stays); null keeps it for ever. */
  retentionDays: number | null;
  storageLimitBytes: number;
  logger: FastifyBaseLogger;
}

/** A file the history serves: its type and name, size, and a reader for all or part of it. */
export interface HistoryFile {
  contentType: string;
  fileName: string;
  /** Attachment (a download) or inline (a player). */
  download: boolean;
  size: number;
  /** Where a stored file is kept, for a redirect to the bucket; absent for files made on request (WebVTT). */
  key?: string;
  read(range?: ByteRange): Promise<Readable | Buffer>;
}

const notFound = () => new AppError('GENERATION_NOT_FOUND');

/**
 * A user's generations: the list with its search and filters, files, deletion, and the sentence
 * timeline where one sentence is spoken again and swapped into the joined audio. Every lookup is
 * by owner, so another user's generation is simply not found.
 */
export class HistoryService {
  private readonly voiceNames: VoiceNames;

  constructor(private readonly deps: HistoryDeps) {
    this.voiceNames = new VoiceNames(deps.engines);
  }

  async list(userId: string, query: HistoryQueryParsed) {
    const pageSize = query.page_size;
    const filter = { q: query.q, voice: query.voice, status: query.status, source: query.source };
    const [{ rows, total }, voices, used] = await Promise.all([
      listHistory(this.deps.db, userId, filter, { offset: (query.page - 1) * pageSize, limit: pageSize }),
      historyVoices(this.deps.db, userId),
      storedBytes(this.deps.db, userId),
    ]);
    const page: HistoryPage = {
      items: await Promise.all(rows.map((row) => this.itemView(row))),
      total,
      page: query.page,
      page_size: pageSize,
      voices: await Promise.all(
        voices.map(async (voice) => ({
          id: voice.voice_id,
          name: voice.cloned_voice_name ?? (await this.voiceNames.nameOf(voice.engine, voice.voice_id)),
          cloned: voice.cloned_voice_name !== null,
        })),
      ),
      storage: { used_bytes: used, limit_bytes: this.deps.storageLimitBytes },
      retention_days: this.deps.retentionDays,
    };
    return page;
  }

  async item(userId: string, taskId: string): Promise<HistoryItemDetail> {
    const row = await this.owned(userId, taskId);
    return { ...(await this.itemView(row)), text: row.text };
  }

  async remove(userId: string, taskId: string): Promise<void> {
    const row = await this.owned(userId, taskId);
    if (row.status === 'queued' || row.status === 'processing') {
      throw new AppError('GENERATION_BUSY');
    }
    const removed = await inTransaction(this.deps.db, (trx) => deleteGenerationIn(trx, userId, taskId));
    if (!removed) throw notFound();
    await this.removeFiles(removed.fileKeys);
  }

  /** The joined audio (to play or download), or its subtitles as SRT or WebVTT. */
  async file(userId: string, taskId: string, format: HistoryDownloadFormat | 'play'): Promise<HistoryFile> {
    const row = await this.owned(userId, taskId);
    const audio = format === 'play' || format === 'mp3';
    const key = audio ? row.audio_key : row.transcript_key;
    const stat = key ? await this.deps.storage.stat(key) : null;
    if (!key || !stat) throw new AppError('NO_AUDIO');
    const name = `sayso-${taskId.slice(0, 8)}`;
    if (format === 'vtt') {
      const vtt = Buffer.from(srtToVtt((await buffer(await this.deps.storage.read(key))).toString('utf8')), 'utf8');
      return file('text/vtt; charset=utf-8', `${name}.vtt`, true, vtt);
    }
    return {
      contentType: audio ? 'audio/mpeg' : 'application/x-subrip; charset=utf-8',
      fileName: `${name}.${audio ? 'mp3' : 'srt'}`,
      download: format !== 'play',
      size: stat.size,
      key,
      read: (range) => this.deps.storage.read(key, range),
    };
  }

  async takeAudio(userId: string, taskId: string, takeId: string): Promise<HistoryFile> {
    await this.owned(userId, taskId);
    const take = (await listTakes(this.deps.db, taskId)).find((candidate) => candidate.id === takeId);
    const stat = take ? await this.deps.storage.stat(take.file_key) : null;
    if (!take || !stat) throw new AppError('TAKE_NOT_FOUND');
    return {
      contentType: 'audio/mpeg',
      fileName: `take-${takeId}.mp3`,
      download: false,
      size: stat.size,
      key: take.file_key,
      read: (range) => this.deps.storage.read(take.file_key, range),
    };
  }

  async timeline(userId: string, taskId: string): Promise<Timeline> {
    const row = await this.withTimeline(userId, taskId);
    return this.timelineView(row, await listTakes(this.deps.db, taskId));
  }

  /**
   * Speaks one sentence again, with edited text or (none given, or the same words sent back) with
   * a new seed, charged by its characters, and swaps it into the joined audio and subtitles. A take
   * that would sound exactly like the one in use is refused and costs nothing: on an engine without
   * seeds unchanged text is never spoken again, and audio that comes back byte for byte the same
   * releases its hold.
   */
  async regenerate(
    userId: string,
    taskId: string,
    position: number,
    request: { text?: string | undefined },
  ): Promise<RegeneratedSentence> {
    const row = await this.withTimeline(userId, taskId);
    const takes = await listTakes(this.deps.db, taskId);
    const current = takes.find((take) => take.position === position && take.chosen);
    if (!current) throw new AppError('SENTENCE_NOT_FOUND');
    const engine = this.engineOf(row);
    const text = request.text === undefined ? current.text : checkSentence(request.text, engine);
    const unchanged = text === current.text.trim();
    const seed = unchanged ? anotherSeed(engine, current.seed) : current.seed;
    const cost = creditCost(text);
    const takeId = newTakeId();
    // Its own unit: the hold must stand while the sentence renders, outside any transaction.
    const { holdId } = await inTransaction(this.deps.db, (trx) =>
      holdCreditsIn(trx, userId, cost, takeHoldReference(taskId, takeId)),
    );
    try {
      const [spoken] = await renderSentences(
        this.deps,
        { engine, voice: taskVoice(row), userId, taskId, encodeTake: this.deps.encodeTake },
        [{ text, seed }],
      ).catch((error: unknown) => Promise.reject(speechFailure(error)));
      if (!spoken) throw new Error('the sentence renderer answered nothing');
      if (await this.soundsAsBefore(current, spoken)) throw new AppError('SENTENCE_ALWAYS_SAME');
      const newTake = { id: takeId, position, text, seed, cacheKey: spoken.cacheKey };
      const chosen = takes.filter((take) => take.chosen && take.position !== position).map(storedTake);
      chosen.push({ position, text, durationMs: spoken.durationMs, audio: spoken.mp3 });
      await this.applyChange(row, chosen, { newTake, chosenTakeId: takeId, dropOthers: false, holdId });
      const after = await listTakes(this.deps.db, taskId);
      const updated = await this.owned(userId, taskId);
      return { timeline: await this.timelineView(updated, after), credits_charged: cost, cached: spoken.cached };
    } catch (error) {
      await inTransaction(this.deps.db, (trx) => releaseHoldIn(trx, holdId));
      throw error;
    }
  }

  /** Whether a new take is the take in use again, byte for byte (an engine that ignored the seed). */
  private async soundsAsBefore(current: TakeRow, spoken: { cacheKey: string; mp3: Buffer }): Promise<boolean> {
    if (spoken.cacheKey === current.cache_key) return true;
    const before = await buffer(await this.deps.storage.read(current.file_key));
    return before.equals(spoken.mp3);
  }

  /** Uses one of a sentence's takes in the joined audio and lets the sentence's other takes go. */
  async chooseTake(userId: string, taskId: string, takeId: string): Promise<Timeline> {
    const row = await this.withTimeline(userId, taskId);
    const takes = await listTakes(this.deps.db, taskId);
    const picked = takes.find((take) => take.id === takeId);
    if (!picked) throw new AppError('TAKE_NOT_FOUND');
    const chosen = takes
      .filter((take) => (take.position === picked.position ? take.id === takeId : take.chosen))
      .map(storedTake);
    await this.applyChange(row, chosen, { chosenTakeId: takeId, dropOthers: true });
    return this.timelineView(await this.owned(userId, taskId), await listTakes(this.deps.db, taskId));
  }

  /**
   * Joins the given takes into the next revision's files, then records the change; when another
   * change won the race, the new files go and the caller is told to try again.
   */
  private async applyChange(
    row: HistoryRow,
    chosen: ChosenTake[],
    change: Omit<TakeChange, 'taskId' | 'fromRevision' | 'files' | 'text'> & { holdId?: string },
  ): Promise<void> {
    const ordered = [...chosen].sort((a, b) => a.position - b.position);
    const pieces = await Promise.all(
      ordered.map(async (take) => ({
        text: take.text,
        durationMs: take.durationMs,
        mp3: typeof take.audio === 'string' ? await buffer(await this.deps.storage.read(take.audio)) : take.audio,
      })),
    );
    const joined = joinSentences(pieces);
    const revision = row.revision + 1;
    const audioKey = taskFileKey(row.id, 'audio', revision);
    const transcriptKey = taskFileKey(row.id, 'transcript', revision);
    const srt = Buffer.from(joined.srt, 'utf8');
    await this.deps.storage.put(audioKey, joined.mp3);
    await this.deps.storage.put(transcriptKey, srt);
    const files = {
      audioKey,
      transcriptKey,
      durationMs: joined.durationMs,
      storedBytes: joined.mp3.length + srt.length,
    };
    // The generation now reads as its chosen sentences do: search, "use in studio" and its length follow.
    const text = pieces.map((piece) => piece.text).join(' ');
    const { holdId, ...swap } = change;
    // One unit of work: the take swapped in and its sentence's credits spent, or neither.
    const applied = await inTransaction(this.deps.db, async (trx) => {
      const swapped = await applyTakeChangeIn(trx, {
        ...swap,
        text,
        taskId: row.id,
        fromRevision: row.revision,
        files,
      });
      if (swapped && holdId) await captureHoldIn(trx, holdId);
      return swapped;
    });
    if (!applied) {
      await this.removeFiles([audioKey, transcriptKey]);
      throw new AppError('GENERATION_CHANGED');
    }
    await this.removeFiles(applied.fileKeys.filter((key) => key !== audioKey && key !== transcriptKey));
  }

  private async owned(userId: string, taskId: string): Promise<HistoryRow> {
    const row = await findHistoryRow(this.deps.db, userId, taskId);
    if (!row) throw notFound();
    return row;
  }

  private async withTimeline(userId: string, taskId: string): Promise<HistoryRow> {
    const row = await this.owned(userId, taskId);
    if (row.status !== 'done' || !row.has_takes || row.audio_expired_at) {
      throw new AppError('NO_TIMELINE');
    }
    return row;
  }

  private engineOf(row: HistoryRow): SpeechEngineV1 {
    const engine = this.deps.engines.byId(row.engine);
    if (!engine) throw new AppError('ENGINE_MISSING', row.engine);
    return engine;
  }

  private async removeFiles(keys: string[]): Promise<void> {
    await removeStoredFiles(this.deps.storage, keys, this.deps.logger);
  }

  private async itemView(row: HistoryRow): Promise<HistoryItem> {
    const hasAudio = row.audio_key !== null && row.status === 'done';
    const base = `/api/history/${row.id}`;
    const link = (path: string) => (hasAudio ? `${base}${path}` : null);
    return {
      id: row.id,
      excerpt: excerptOf(row.text),
      characters: [...row.text].length,
      credits_charged: row.credits_charged,
      voice_id: row.voice_id,
      voice_name: row.cloned_voice_name ?? (await this.voiceNames.nameOf(row.engine, row.voice_id)),
      cloned: row.cloned_voice_name !== null,
      engine: row.engine,
      model_id: row.model_id,
      settings: {
        speed: row.settings.speed,
        pitch: row.settings.pitch,
        volume: row.settings.volume,
        language: row.settings.language ?? null,
      },
      status: row.status,
      progress: row.progress,
      error: row.status === 'failed' ? row.error : null,
      error_code: row.status === 'failed' ? (row.error_code ?? 'UNKNOWN_FAILURE') : null,
      source: row.api_key_id ? 'api' : row.provider === 'A' ? 'clone' : 'preset',
      api_key_name: row.api_key_name,
      duration_ms: row.duration_ms,
      created_at: row.created_at.toISOString(),
      // The revision changes the player's link when a sentence is swapped, so no cache replays the old audio.
      audio_url: link(`/audio.mp3?v=${row.revision}`),
      mp3_url: link('/download/mp3'),
      srt_url: row.transcript_key && row.status === 'done' ? `${base}/download/srt` : null,
      vtt_url: row.transcript_key && row.status === 'done' ? `${base}/download/vtt` : null,
      audio_expired: row.audio_expired_at !== null,
      has_timeline: hasAudio && row.has_takes,
    };
  }

  private async timelineView(row: HistoryRow, takes: TakeRow[]): Promise<Timeline> {
    const positions = [...new Set(takes.map((take) => take.position))].sort((a, b) => a - b);
    let at = 0;
    const sentences = positions.map((position) => {
      const ofSentence = takes.filter((take) => take.position === position);
      const chosen = ofSentence.find((take) => take.chosen) ?? ofSentence.at(-1);
      const start = at;
      at += chosen?.duration_ms ?? 0;
      return {
        position,
        text: chosen?.text ?? '',
        start_ms: start,
        end_ms: at,
        takes: ofSentence.map((take) => ({
          id: take.id,
          text: take.text,
          seed: take.seed,
          duration_ms: take.duration_ms,
          chosen: take.chosen,
          created_at: take.created_at.toISOString(),
          audio_url: `/api/history/${row.id}/takes/${take.id}/audio.mp3`,
        })),
      };
    });
    return {
      item: await this.itemView(row),
      sentences,
      seeds: this.deps.engines.byId(row.engine)?.capabilities.seeds === true,
    };
  }
}

/** A take in the joined audio: its place, words, length, and audio (in memory, or the storage key of its file). */
interface ChosenTake {
  position: number;
  text: string;
  durationMs: number;
  audio: Buffer | string;
}

const storedTake = (take: TakeRow): ChosenTake => ({
  position: take.position,
  text: take.text,
  durationMs: take.duration_ms,
  audio: take.file_key,
});

function file(contentType: string, fileName: string, download: boolean, bytes: Buffer): HistoryFile {
  return {
    contentType,
    fileName,
    download,
    size: bytes.length,
    read: async (range) => (range ? bytes.subarray(range.start, range.end + 1) : bytes),
  };
}

/** An edited sentence: not empty, and short enough for one engine request. */
function checkSentence(text: string, engine: SpeechEngineV1): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new AppError('TEXT_REQUIRED');
  const max = Math.min(MAX_SENTENCE_CHARACTERS, engine.capabilities.maxCharsPerRequest);
  if (trimmed.length > max) throw new AppError('SENTENCE_TOO_LONG', max);
  return trimmed;
}

/** A new seed for another take of unchanged text; engines without seeds would only repeat the same take. */
function anotherSeed(engine: SpeechEngineV1, current: number | null): number {
  if (engine.capabilities.seeds !== true) {
    throw new AppError('SENTENCE_ALWAYS_SAME');
  }
  let seed = randomInt(0, 2 ** 31 - 1);
  while (seed === current) seed = randomInt(0, 2 ** 31 - 1);
  return seed;
}
