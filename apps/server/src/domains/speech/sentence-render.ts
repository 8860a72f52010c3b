import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SpeechEngineV1 } from '../../engines/speech-engine.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { sentenceAudioKey } from '../../storage/keys.js';
import { findSentenceAudio, saveSentenceAudio } from './sentence-repository.js';
import { type SentenceVoice, sentenceCacheKey, speakSentence } from './sentences.js';

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
}

export const newTakeId = () => randomBytes(12).toString('base64url');

/**
 * Speaks sentences in order through the sentence cache: a sentence spoken before with the same
 * engine, model, voice, settings, text and seed is read back from storage instead of the engine.
 * Each new sentence is stored and recorded as soon as it is spoken, so a render retried after a
 * crash picks up where the last one stopped.
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
  const rendered: RenderedSentence[] = [];
  for (const [index, sentence] of sentences.entries()) {
    request.signal?.throwIfAborted();
    const cacheKey = keys[index] ?? '';
    const hit = cache.get(cacheKey);
    const cachedMp3 = hit ? await readIfPresent(deps.storage, hit.file_key) : null;
    if (hit && cachedMp3) {
      rendered.push({ ...sentence, cacheKey, mp3: cachedMp3, durationMs: hit.duration_ms, cached: true });
      onSpoken(index + 1, sentences.length, []);
      continue;
    }
    const spoken = await speakSentence(request.engine, {
      text: sentence.text,
      voiceId: request.voice.voiceId,
      modelId: request.voice.modelId,
      speed: request.voice.speed,
      pitch: request.voice.pitch,
      volume: request.voice.volume,
      language: request.voice.language,
      seed: sentence.seed,
      ...(request.signal ? { signal: request.signal } : {}),
      ...(request.checkpoint ? { checkpoint: sentenceCheckpoint(request.checkpoint, cacheKey) } : {}),
    });
    const fileKey = sentenceAudioKey(request.userId, cacheKey);
    await deps.storage.put(fileKey, spoken.mp3);
    await saveSentenceAudio(deps.db, {
      cacheKey,
      userId: request.userId,
      fileKey,
      durationMs: spoken.durationMs,
      bytes: spoken.mp3.length,
    });
    rendered.push({ ...sentence, cacheKey, mp3: spoken.mp3, durationMs: spoken.durationMs, cached: false });
    onSpoken(index + 1, sentences.length, spoken.warnings);
  }
  return rendered;
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
