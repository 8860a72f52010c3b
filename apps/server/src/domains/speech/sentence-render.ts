import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { TakeEncoder } from '../../audio/sentence-take.js';
import type { Database } from '../../db/schema.js';
import type { SpeechEngineV1 } from '../../engines/speech-engine.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { sentenceAudioKey } from '../../storage/keys.js';
import { findSentenceAudio, type SentenceAudio, saveSentenceAudio } from './sentence-repository.js';
import { type SentenceVoice, type SpokenSentence, sentenceCacheKey, sentenceMp3 } from './sentences.js';

export interface SentenceRenderDeps {
  db: Kysely<Database>;
  storage: FileStorage;
}

/** A sentence to speak, and the seed to speak it with (null: the engine's own). */
export interface SentenceToSpeak {
  text: string;
  seed: number | null;
}

/** A spoken sentence ready to become a take: its cached audio and where it came from. */
export interface RenderedSentence extends SentenceToSpeak {
  cacheKey: string;
  mp3: Buffer;
  durationMs: number;
  /** Served from the cache: no engine call was made. */
  cached: boolean;
}

export interface SentenceRenderRequest {
  engine: SpeechEngineV1;
  voice: SentenceVoice;
  /** Whose cache to use; null (the demo) speaks every sentence and shares nothing. */
  userId: string | null;
  /** Scopes the demo's cache keys to its own task. */
  taskId: string;
  signal?: AbortSignal;
  /**
   * The task's checkpoint for an engine that runs long jobs at its provider: the job of the one
   * sentence in flight, saved under that sentence's cache key, so a render retried after a crash
   * collects the job it paid for instead of starting a second one.
   */
  checkpoint?: { saved: string | null; save(providerRef: string): Promise<void> };
  /** Makes PCM sentences MP3 takes: the render pool's when there is one (app.encodeTake); on this thread otherwise. */
  encodeTake?: TakeEncoder;
}

export const newTakeId = () => randomBytes(12).toString('base64url');

/** Batches spoken ahead of the one being stored, for engines that batch (none of them stitches requests). */
const BATCHES_AHEAD = 1;

/** A batch's sentences: those the cache had, and those the engine spoke. */
interface SpokenBatch {
  batch: number[];
  hits: Map<number, RenderedSentence>;
  missing: number[];
  spoken: SpokenSentence[];
}

/**
 * Speaks sentences in order through the sentence cache: a sentence spoken before with the same
 * engine, model, voice, settings, text and seed is read back from storage instead of the engine.
 * Each new sentence is stored and recorded as soon as it is spoken, so a render retried after a
 * crash picks up where the last one stopped (and a listener can play the task while it renders).
 * An engine that speaks batches gets the next batch while this one is stored, so with a render
 * pool one task keeps two threads busy.
 */
export async function renderSentences(
  deps: SentenceRenderDeps,
  request: SentenceRenderRequest,
  sentences: SentenceToSpeak[],
  onSpoken: (done: number, total: number, warnings: string[]) => void = () => {},
): Promise<RenderedSentence[]> {
  const owner = request.userId ?? `demo:${request.taskId}`;
  const keys = sentences.map((sentence) => sentenceCacheKey(owner, request.voice, sentence.text, sentence.seed));
  const cache = request.userId ? await findSentenceAudio(deps.db, keys) : new Map();
  /** The provider's ids of the sentences just spoken, for engines that stitch requests together. */
  const stitchedIds: string[] = [];

  const speakBatch = async (batch: number[]): Promise<SpokenBatch> => {
    request.signal?.throwIfAborted();
    const hits = new Map<number, RenderedSentence>();
    const missing: number[] = [];
    for (const index of batch) {
      const hit = cache.get(keys[index] ?? '');
      const cachedMp3 = hit ? await readIfPresent(deps.storage, hit.file_key) : null;
      const sentence = sentences[index] as SentenceToSpeak;
      if (hit && cachedMp3) {
        hits.set(index, {
          ...sentence,
          cacheKey: hit.cache_key,
          mp3: cachedMp3,
          durationMs: hit.duration_ms,
          cached: true,
        });
      } else missing.push(index);
    }
    // A cached sentence between two spoken ones breaks the chain of provider requests.
    if (missing[0] !== batch[0]) stitchedIds.length = 0;
    const spoken = await speakAll(
      request,
      missing.map((index) => ({
        ...(sentences[index] as SentenceToSpeak),
        cacheKey: keys[index] ?? '',
        previousText: sentences[index - 1]?.text ?? null,
        nextText: sentences[index + 1]?.text ?? null,
      })),
      stitchedIds,
    );
    return { batch, hits, missing, spoken };
  };

  const batches = batchesOf(request.engine, sentences);
  const ahead = request.engine.synthesizeEach ? BATCHES_AHEAD : 0;
  const inFlight: Promise<SpokenBatch>[] = [];
  const startNext = () => {
    const batch = batches[inFlight.length];
    if (!batch) return;
    const speaking = speakBatch(batch);
    // A batch spoken ahead may fail while an earlier one is stored; its error is seen when its turn comes.
    speaking.catch(() => {});
    inFlight.push(speaking);
  };
  for (let next = 0; next <= ahead; next += 1) startNext();

  const rendered: RenderedSentence[] = [];
  let done = 0;
  for (let at = 0; at < batches.length; at += 1) {
    const { batch, hits, missing, spoken } = await (inFlight[at] as Promise<SpokenBatch>);
    startNext();
    for (const [index, hit] of hits) rendered[index] = hit;
    const warnings: string[] = [];
    const stored: SentenceAudio[] = [];
    for (const [position, index] of missing.entries()) {
      const sentence = sentences[index] as SentenceToSpeak;
      const cacheKey = keys[index] ?? '';
      const { mp3, durationMs, warnings: engineWarnings } = spoken[position] as SpokenSentence;
      const fileKey = sentenceAudioKey(request.userId, cacheKey);
      await deps.storage.put(fileKey, mp3);
      stored.push({ cacheKey, userId: request.userId, fileKey, durationMs, bytes: mp3.length });
      rendered[index] = { ...sentence, cacheKey, mp3, durationMs, cached: false };
      warnings.push(...engineWarnings);
    }
    // The batch's sentences were spoken together, so they are recorded together.
    await saveSentenceAudio(deps.db, stored);
    done += batch.length;
    onSpoken(done, sentences.length, warnings);
  }
  return rendered;
}

/**
 * Consecutive sentences an engine with `synthesizeEach` may speak in one request (within its batch
 * limit, one seed); every sentence is a batch of its own for other engines. The first sentence is
 * always spoken alone, so the first audio of a long text exists as soon as one sentence is spoken.
 */
export function batchesOf(engine: SpeechEngineV1, sentences: SentenceToSpeak[]): number[][] {
  if (!engine.synthesizeEach) return sentences.map((_, index) => [index]);
  const limit = engine.capabilities.maxCharsPerBatch ?? engine.capabilities.maxCharsPerRequest;
  const batches: number[][] = [];
  let length = 0;
  for (const [index, sentence] of sentences.entries()) {
    const current = index > 1 ? batches.at(-1) : undefined;
    const first = current?.[0] === undefined ? undefined : sentences[current[0]];
    if (current && first?.seed === sentence.seed && length + 1 + sentence.text.length <= limit) {
      current.push(index);
      length += 1 + sentence.text.length;
    } else {
      batches.push([index]);
      length = sentence.text.length;
    }
  }
  return batches;
}

/** Speaks sentences that missed the cache: in one request where the engine can, else one by one. */
export async function speakAll(
  request: SentenceRenderRequest,
  sentences: (SentenceToSpeak & { cacheKey: string; previousText?: string | null; nextText?: string | null })[],
  stitchedIds: string[] = [],
): Promise<SpokenSentence[]> {
  const { engine, voice } = request;
  const base = {
    voiceId: voice.voiceId,
    modelId: voice.modelId,
    speed: voice.speed,
    pitch: voice.pitch,
    volume: voice.volume,
    language: voice.language,
    ...(request.signal ? { signal: request.signal } : {}),
  };
  const [single] = sentences;
  if (engine.synthesizeEach && sentences.length > 1) {
    const results = await engine.synthesizeEach(
      sentences.map((sentence) => sentence.text),
      { ...base, seed: single?.seed ?? null },
    );
    if (results.length !== sentences.length)
      throw new Error(`${engine.id} answered ${results.length} of ${sentences.length} sentences`);
    return Promise.all(results.map((result) => sentenceMp3(engine.id, result, request.encodeTake)));
  }
  const spoken: SpokenSentence[] = [];
  for (const sentence of sentences) {
    // Each sentence knows its neighbours, so an engine that stitches requests keeps the delivery going.
    const stitching = {
      previousText: sentence.previousText ?? null,
      nextText: sentence.nextText ?? null,
      previousRequestIds: stitchedIds.slice(-3),
    };
    const result = await engine.synthesize({
      ...base,
      text: sentence.text,
      seed: sentence.seed,
      ...(stitching.previousText || stitching.nextText ? { stitching } : {}),
      ...(request.checkpoint ? { checkpoint: sentenceCheckpoint(request.checkpoint, sentence.cacheKey) } : {}),
    });
    if (result.requestId) stitchedIds.push(result.requestId);
    spoken.push(await sentenceMp3(engine.id, result, request.encodeTake));
  }
  return spoken;
}

function sentenceCheckpoint(
  task: NonNullable<SentenceRenderRequest['checkpoint']>,
  cacheKey: string,
): NonNullable<SentenceRenderRequest['checkpoint']> {
  const prefix = `${cacheKey}|`;
  return {
    saved: task.saved?.startsWith(prefix) ? task.saved.slice(prefix.length) : null,
    save: (providerRef) => task.save(prefix + providerRef),
  };
}

/** A cached file, or null when storage lost it (the sentence is then spoken again). */
async function readIfPresent(storage: FileStorage, key: string): Promise<Buffer | null> {
  if (!(await storage.stat(key))) return null;
  return buffer(await storage.read(key));
}
