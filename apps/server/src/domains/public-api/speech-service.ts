import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { type Segment, toSrt } from '../../audio/audio.js';
import { type AudioOutput, CONTENT_TYPES, type OutputFormat, openAudioOutput } from '../../audio/audio-output.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { taskFileKey } from '../../storage/keys.js';
import { removeStoredFiles } from '../../storage/remove-files.js';
import { creditCost } from '../accounts/index.js';
import type { ApiPrincipal } from '../api-keys/index.js';
import type { Pronouncer } from '../pronunciation/index.js';
import { addMonthCharactersIn, refundMonthCharactersIn } from '../api-keys/index.js';
import {
  checkSpeechText,
  completeTask,
  countKeyTasks,
  createTask,
  endTaskPartly,
  failTask,
  failureOf,
  keepTaskAlive,
  type SpokenChunk,
  speakInChunks,
  speechFailure,
  TaskMeter,
  taskFailure,
} from '../speech/index.js';
import type { ApiCatalogue, ApiSpeaker } from './catalogue.js';

export interface ApiSpeechDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  catalogue: ApiCatalogue;
  /** Speech requests one key may make per minute. */
  requestsPerKeyPerMinute: number;
  /** Speech requests one key may have speaking at once. */
  activeRequestsPerKey: number;
  /** A streaming task beats this often divided by three, so the sweeper never takes it for dead. */
  staleTaskSeconds: number;
  /** Where a heartbeat that could not be written is reported. */
  logger: FastifyBaseLogger;
}

export interface ApiSpeechRequest {
  voiceId: string;
  text: string;
  modelId: string | null;
  /** 0.5-2; the caller has already mapped its dialect's range onto this one. */
  speed: number;
  /** A language hint (ISO 639-1), or null to let the voice decide. */
  language: string | null;
  format: OutputFormat;
  /**
   * Rewrites the text for the engine that speaks it (the request's pronunciation dictionaries);
   * absent, the text is spoken as sent. Credits are counted on the text as sent.
   */
  pronounce?: Pronouncer | null;
}

/** Bytes ready to send, with the spoken chunk they carry (null for the encoder's final flush). */
export interface StreamPiece {
  bytes: Buffer;
  chunk: SpokenChunk | null;
}

/** Speech admitted and paid for (credits held), ready to be rendered as it is sent. */
export interface SpeechStream {
  taskId: string;
  contentType: string;
  speaker: ApiSpeaker;
  characters: number;
  /** The text as the engine is given it (dictionaries applied): what timestamps are aligned to. */
  spokenText: string;
  /** Pronunciation rules the engine could not honour as asked (phonemes it cannot take). */
  warnings: string[];
  /**
   * The audio, chunk by chunk. Iterating to the end delivers it all and spends the held credits;
   * stopping early (the client left) spends only what was handed over; an engine failure spends
   * nothing. Either way no hold outlives the iteration.
   */
  pieces(): AsyncGenerator<StreamPiece>;
}

/** The longest one API request may render, as for queued tasks. */
const STREAM_DEADLINE_MS = 30 * 60_000;

const rateLimited = (retryAfterSeconds: number) =>
  new AppError('KEY_RATE_LIMITED').withHeaders({
    'retry-after': String(retryAfterSeconds),
  });
const capReached = () => new AppError('KEY_CAP_REACHED');

/**
 * Speech for the public API. Unlike the web app's queued tasks, a request renders its speech
 * itself and streams it as each chunk is spoken; the task row still records it (with its key),
 * holds its credits and keeps its audio and transcript, so it shows in history like any other.
 */
export class ApiSpeechService {
  constructor(private readonly deps: ApiSpeechDeps) {}

  async open(principal: ApiPrincipal, clientIp: string, request: ApiSpeechRequest): Promise<SpeechStream> {
    const text = checkSpeechText(request.text);
    const speaker = await this.deps.catalogue.speaker(principal.userId, request.voiceId);
    const spoken = request.pronounce?.(text, speaker.engine.id) ?? { text, warnings: [] };
    const cost = creditCost(text);
    const { taskId } = await createTask(
      this.deps.db,
      {
        userId: principal.userId,
        studio: speaker.voice.kind === 'cloned' ? 'clone' : 'preset',
        engine: speaker.engine.id,
        voiceId: speaker.voice.id,
        modelId: request.modelId ?? speaker.engine.defaultModel,
        text,
        settings: {
          speed: request.speed,
          pitch: 0,
          volume: 1,
          withTranscript: true,
          language: request.language ?? 'Auto',
          ...(spoken.warnings.length > 0 ? { warnings: spoken.warnings } : {}),
        },
        cost,
        clientIp,
        apiKeyId: principal.keyId,
      },
      (trx) => this.admit(trx, principal, cost),
    );
    return {
      taskId,
      contentType: CONTENT_TYPES[request.format.container],
      speaker,
      characters: cost,
      spokenText: spoken.text,
      warnings: spoken.warnings,
      pieces: () => this.render(taskId, principal, speaker, spoken.text, cost, request),
    };
  }

  /**
   * The key's own limits (its rate, the requests it has speaking, its monthly cap), counted in the
   * submission's transaction (credits are held after). Only the key's tasks count: the studios keep
   * limits of their own, which never count API tasks, so neither side can use up the other's.
   */
  private async admit(trx: Transaction<Database>, principal: ApiPrincipal, characters: number): Promise<void> {
    const tasks = await countKeyTasks(trx, principal.keyId, 60);
    if (tasks.recent >= this.deps.requestsPerKeyPerMinute) throw rateLimited(60);
    // A stream usually ends within seconds, so the wait asked for is short.
    if (tasks.active >= this.deps.activeRequestsPerKey) throw rateLimited(5);
    const used = await addMonthCharactersIn(trx, principal.keyId, characters);
    if (principal.monthlyCharacterCap !== null && used > principal.monthlyCharacterCap) throw capReached();
  }

  private async *render(
    taskId: string,
    principal: ApiPrincipal,
    speaker: ApiSpeaker,
    text: string,
    cost: number,
    request: ApiSpeechRequest,
  ): AsyncGenerator<StreamPiece> {
    const { db, storage } = this.deps;
    const output = openAudioOutput(request.format);
    const kept = new KeptAudio(request.format);
    const segments: Segment[] = [];
    let deliveredCost = 0;
    let outcome: 'delivered' | 'failed' | 'left' = 'left';
    let failure = failureOf('CLIENT_LEFT');
    const stopHeartbeat = keepTaskAlive(db, taskId, this.deps.staleTaskSeconds, this.deps.logger);
    const startedAt = new Date();
    const meter = new TaskMeter(speaker.engine.id, cost, null);
    try {
      const chunks = speakInChunks(speaker.engine, {
        text,
        voiceId: speaker.voice.id,
        modelId: request.modelId,
        speed: request.speed,
        pitch: 0,
        volume: 1,
        language: request.language,
        signal: AbortSignal.timeout(STREAM_DEADLINE_MS),
      });
      let endMs = 0;
      for await (const chunk of chunks) {
        const bytes = await output.write(chunk.audio, chunk.gapMs);
        await kept.add(chunk, bytes);
        segments.push(...chunk.segments);
        endMs = chunk.startMs + chunk.durationMs;
        yield { bytes, chunk };
        deliveredCost += creditCost(chunk.text);
      }
      const tail = output.end();
      kept.end(tail);
      if (tail.length > 0) yield { bytes: tail, chunk: null };
      const audioKey = taskFileKey(taskId, 'audio');
      const transcriptKey = taskFileKey(taskId, 'transcript');
      await storage.put(audioKey, kept.mp3());
      await storage.put(transcriptKey, Buffer.from(toSrt(segments), 'utf8'));
      const completed = await completeTask(db, taskId, { audioKey, transcriptKey, durationMs: endMs });
      if (completed) meter.completed(endMs);
      // The sweeper may have failed the task meanwhile (it looked dead); its files must not outlive it.
      else await removeStoredFiles(storage, [audioKey, transcriptKey], this.deps.logger);
      outcome = 'delivered';
    } catch (error) {
      outcome = 'failed';
      failure = taskFailure(error);
      throw speechFailure(error);
    } finally {
      stopHeartbeat();
      output.close();
      kept.close();
      if (outcome !== 'delivered') {
        // An engine failure is ours: nothing is spent. A client that left pays for what it was sent.
        const spent = outcome === 'failed' ? 0 : Math.min(cost, deliveredCost);
        // The key's month gets back what was not spent in the unit of work that ends the task.
        const refund = (trx: Transaction<Database>) =>
          refundMonthCharactersIn(trx, principal.keyId, cost - spent, startedAt);
        try {
          if (outcome === 'failed') {
            await failTask(db, taskId, failure, refund);
            meter.failed(failure);
          } else {
            await endTaskPartly(db, taskId, failure, spent, refund);
            meter.endedPartly(spent);
          }
        } catch (error) {
          // Nothing of the end was kept (one unit of work): the task stops beating, so the sweeper
          // fails it and releases its hold. This runs as the response closes, where a rejection
          // would reach no one, so it is logged instead.
          this.deps.logger.error({ taskId, err: error }, 'the end of a streamed speech task could not be recorded');
        }
      }
    }
  }
}

/**
 * The MP3 kept for history: the response's own bytes when it is MP3 at the engine's rate, or a
 * second encoding of the same chunks when the client asked for something else.
 */
class KeptAudio {
  private readonly parts: Buffer[] = [];
  private readonly encoder: AudioOutput | null;

  constructor(format: OutputFormat) {
    const same = format.container === 'mp3' && format.sampleRate === null && (format.kbps ?? 128) === 128;
    this.encoder = same ? null : openAudioOutput({ container: 'mp3', sampleRate: null });
  }

  async add(chunk: SpokenChunk, responseBytes: Buffer): Promise<void> {
    this.parts.push(this.encoder ? await this.encoder.write(chunk.audio, chunk.gapMs) : responseBytes);
  }

  end(responseTail: Buffer): void {
    this.parts.push(this.encoder ? this.encoder.end() : responseTail);
  }

  mp3(): Buffer {
    return Buffer.concat(this.parts);
  }

  close(): void {
    this.encoder?.close();
  }
}
