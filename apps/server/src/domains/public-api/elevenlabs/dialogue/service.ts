import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { type Segment, toSrt } from '../../../../audio/audio.js';
import { type AudioOutput, CONTENT_TYPES, type OutputFormat, openAudioOutput } from '../../../../audio/audio-output.js';
import type { Database } from '../../../../db/schema.js';
import type { FileStorage } from '../../../../storage/file-storage.js';
import { taskFileKey } from '../../../../storage/keys.js';
import { removeStoredFiles } from '../../../../storage/remove-files.js';
import { creditCost } from '../../../accounts/index.js';
import type { Pronouncer } from '../../../pronunciation/index.js';
import {
  checkSpeechText,
  completeTask,
  createTask,
  endTaskPartly,
  failTask,
  failureOf,
  keepTaskAlive,
  speechFailure,
  type TaskFailure,
  TaskMeter,
  taskFailure,
} from '../../../speech/index.js';
import type { ApiCatalogue, ApiSpeaker } from '../../catalogue.js';
import { type DialogueChunk, type LineToSpeak, speakDialogue } from './render.js';

export interface DialogueServiceDeps {
  db: Kysely<Database>;
  storage: FileStorage;
  catalogue: ApiCatalogue;
  staleTaskSeconds: number;
  logger: FastifyBaseLogger;
}

/** One line as asked: what is said, and by which voice. */
export interface DialogueInput {
  text: string;
  voiceId: string;
}

export interface DialogueRequest {
  inputs: DialogueInput[];
  /** A model of one of our engines; it applies to the lines whose engine has it. Null for each engine's default. */
  modelId: string | null;
  speed: number;
  language: string | null;
  format: OutputFormat;
  pronounce?: Pronouncer | null;
}

/**
 * Who asks, and the limits their side counts: an API key (its rate, its month) or a signed-in user
 * in the studio (the studio's limits). `admit` runs in the submission's transaction, before the
 * credits are held; `refund` in the one that ends a task that did not spend all it held.
 */
export interface DialogueCaller {
  userId: string;
  clientIp: string;
  apiKeyId?: string;
  admit(trx: Transaction<Database>, characters: number): Promise<void>;
  refund?(trx: Transaction<Database>, characters: number, countedSince: Date): Promise<void>;
}

/** A line of the dialogue as spoken: its speaker, and where it sits in the text and the audio. */
export interface SpokenLine {
  index: number;
  voiceId: string;
  voiceName: string;
  text: string;
}

export interface DialogueStreamPiece {
  bytes: Buffer;
  /** The chunk the bytes carry; null for the encoder's final flush. */
  chunk: DialogueChunk | null;
}

/** A dialogue admitted and paid for (credits held), ready to be rendered as it is sent. */
export interface DialogueStream {
  taskId: string;
  contentType: string;
  characters: number;
  lines: SpokenLine[];
  /** Each line's text as the engine is given it (dictionaries applied). */
  spokenTexts: string[];
  warnings: string[];
  /** As the API's speech: to the end spends the hold, stopping early spends what was handed over, a failure nothing. */
  pieces(): AsyncGenerator<DialogueStreamPiece>;
}

/** ElevenLabs allows ten different voices in one dialogue. */
export const MAX_DIALOGUE_VOICES = 10;
/** The lines one dialogue may have. */
export const MAX_DIALOGUE_INPUTS = 100;
/** The longest a dialogue may render, as for one speech. */
const DEADLINE_MS = 30 * 60_000;
/** The rate used when the caller leaves it to us: one rate for every engine, so the lines join. */
const DEFAULT_SAMPLE_RATE = 24_000;

/**
 * Several voices in one audio. The lines are spoken one after another, each by its own voice (and
 * engine), into one output at one sample rate, with a pause between lines. It is one speech task:
 * recorded with its first voice, the lines' texts joined by line breaks, and credits held for every
 * line's characters and captured, released or partly spent as any streamed task's.
 */
export class DialogueService {
  constructor(private readonly deps: DialogueServiceDeps) {}

  async open(caller: DialogueCaller, request: DialogueRequest): Promise<DialogueStream> {
    const texts = request.inputs.map((input) => checkSpeechText(input.text));
    const speakers = await this.speakersOf(caller.userId, request.inputs);
    const models = request.modelId ? await this.deps.catalogue.models() : [];
    const spoken = texts.map(
      (text, index) =>
        request.pronounce?.(text, (speakers[index] as ApiSpeaker).engine.id) ?? { text, warnings: [] as string[] },
    );
    const warnings = [...new Set(spoken.flatMap((line) => line.warnings))];
    const cost = texts.reduce((sum, text) => sum + creditCost(text), 0);
    const first = speakers[0] as ApiSpeaker;
    const format = { ...request.format, sampleRate: request.format.sampleRate ?? DEFAULT_SAMPLE_RATE };
    const { taskId } = await createTask(
      this.deps.db,
      {
        userId: caller.userId,
        studio: first.voice.kind === 'cloned' ? 'clone' : 'preset',
        engine: first.engine.id,
        voiceId: first.voice.id,
        modelId: request.modelId ?? first.engine.defaultModel,
        // Checked again as a whole: a dialogue is no longer than one speech may be.
        text: checkSpeechText(texts.join('\n')),
        settings: {
          speed: request.speed,
          pitch: 0,
          volume: 1,
          withTranscript: true,
          language: request.language ?? 'Auto',
          ...(warnings.length > 0 ? { warnings } : {}),
        },
        cost,
        clientIp: caller.clientIp,
        ...(caller.apiKeyId ? { apiKeyId: caller.apiKeyId } : {}),
      },
      (trx) => caller.admit(trx, cost),
    );
    const lines: LineToSpeak[] = spoken.map((line, index) => {
      const speaker = speakers[index] as ApiSpeaker;
      const model = models.find((candidate) => candidate.id === request.modelId);
      return {
        text: line.text,
        engine: speaker.engine,
        voiceId: speaker.voice.id,
        modelId: model && model.engine.id === speaker.engine.id ? model.id : null,
      };
    });
    return {
      taskId,
      contentType: CONTENT_TYPES[format.container],
      characters: cost,
      lines: speakers.map((speaker, index) => ({
        index,
        voiceId: speaker.voice.id,
        voiceName: speaker.voice.name,
        text: texts[index] ?? '',
      })),
      spokenTexts: spoken.map((line) => line.text),
      warnings,
      pieces: () => this.render(taskId, caller, lines, cost, { ...request, format }),
    };
  }

  /** Every voice resolved before anything is held, each once; an unknown one refuses the whole dialogue. */
  private async speakersOf(userId: string, inputs: DialogueInput[]): Promise<ApiSpeaker[]> {
    const found = new Map<string, ApiSpeaker>();
    for (const { voiceId } of inputs) {
      if (!found.has(voiceId)) found.set(voiceId, await this.deps.catalogue.speaker(userId, voiceId));
    }
    return inputs.map(({ voiceId }) => found.get(voiceId) as ApiSpeaker);
  }

  private async *render(
    taskId: string,
    caller: DialogueCaller,
    lines: LineToSpeak[],
    cost: number,
    request: DialogueRequest,
  ): AsyncGenerator<DialogueStreamPiece> {
    const { db, storage, logger } = this.deps;
    const output = openAudioOutput(request.format);
    // History keeps MP3: the answer's own bytes when it is MP3, a second encoding otherwise.
    const keptEncoder: AudioOutput | null =
      request.format.container === 'mp3'
        ? null
        : openAudioOutput({ container: 'mp3', sampleRate: request.format.sampleRate });
    const kept: Buffer[] = [];
    const segments: Segment[] = [];
    let deliveredCost = 0;
    let outcome: 'delivered' | 'failed' | 'left' = 'left';
    let failure = failureOf('CLIENT_LEFT');
    const stopHeartbeat = keepTaskAlive(db, taskId, this.deps.staleTaskSeconds, logger);
    const startedAt = new Date();
    const meter = new TaskMeter((lines[0] as LineToSpeak).engine.id, cost, null);
    try {
      let endMs = 0;
      const signal = AbortSignal.timeout(DEADLINE_MS);
      for await (const piece of speakDialogue(lines, { speed: request.speed, language: request.language, signal })) {
        const bytes = await output.write(piece.chunk.audio, piece.gapMs);
        kept.push(keptEncoder ? await keptEncoder.write(piece.chunk.audio, piece.gapMs) : bytes);
        segments.push(...piece.segments);
        endMs = piece.startMs + piece.chunk.durationMs;
        yield { bytes, chunk: piece };
        deliveredCost += creditCost(piece.chunk.text);
      }
      const tail = output.end();
      kept.push(keptEncoder ? keptEncoder.end() : tail);
      if (tail.length > 0) yield { bytes: tail, chunk: null };
      const audioKey = taskFileKey(taskId, 'audio');
      const transcriptKey = taskFileKey(taskId, 'transcript');
      await storage.put(audioKey, Buffer.concat(kept));
      await storage.put(transcriptKey, Buffer.from(toSrt(segments), 'utf8'));
      const completed = await completeTask(db, taskId, { audioKey, transcriptKey, durationMs: endMs });
      if (completed) meter.completed(endMs);
      else await removeStoredFiles(storage, [audioKey, transcriptKey], logger);
      outcome = 'delivered';
    } catch (error) {
      outcome = 'failed';
      failure = taskFailure(error);
      throw speechFailure(error);
    } finally {
      stopHeartbeat();
      output.close();
      keptEncoder?.close();
      if (outcome !== 'delivered')
        await this.settle(taskId, caller, outcome, failure, cost, deliveredCost, startedAt, meter);
    }
  }

  /** Ends a dialogue that was not delivered whole: a failure spends nothing, a client that left what it was sent. */
  private async settle(
    taskId: string,
    caller: DialogueCaller,
    outcome: 'failed' | 'left',
    failure: TaskFailure,
    cost: number,
    deliveredCost: number,
    startedAt: Date,
    meter: TaskMeter,
  ): Promise<void> {
    const spent = outcome === 'failed' ? 0 : Math.min(cost, deliveredCost);
    const refund = async (trx: Transaction<Database>) => caller.refund?.(trx, cost - spent, startedAt);
    try {
      if (outcome === 'failed') {
        await failTask(this.deps.db, taskId, failure, refund);
        meter.failed(failure);
      } else {
        await endTaskPartly(this.deps.db, taskId, failure, spent, refund);
        meter.endedPartly(spent);
      }
    } catch (error) {
      // Nothing of the end was kept: the task stops beating and the sweeper fails it, releasing its hold.
      this.deps.logger.error({ taskId, err: error }, 'the end of a dialogue task could not be recorded');
    }
  }
}
