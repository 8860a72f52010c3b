import { z } from 'zod';
import { taskId, taskStatus } from './speech.js';

/** Where a generation was asked for: one of the two studios, or the public API with a key. */
export const HISTORY_SOURCES = ['preset', 'clone', 'api'] as const;
export const historySource = z.enum(HISTORY_SOURCES);
export type HistorySource = z.infer<typeof historySource>;

/** The history page's search, filters and page; every field is optional. */
export const historyQuery = z.object({
  /** Words to find in the text (case-insensitive). */
  q: z.string().trim().max(200).optional(),
  voice: z.string().max(200).optional(),
  status: taskStatus.optional(),
  source: historySource.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(50).default(20),
});
export type HistoryQuery = z.input<typeof historyQuery>;
/** The query as the server reads it: page and page size filled in. */
export type HistoryQueryParsed = z.output<typeof historyQuery>;

/** The settings a generation was made with, so it can be copied back into its studio. */
export const historySettings = z.object({
  speed: z.number(),
  pitch: z.number(),
  volume: z.number(),
  language: z.string().nullable(),
});
export type HistorySettings = z.infer<typeof historySettings>;

/** One generation in the user's history. Links are same-origin and need the owner's session. */
export const historyItem = z.object({
  id: z.string(),
  /** The start of the text (up to 200 characters); `characters` tells its full length. */
  excerpt: z.string(),
  characters: z.number().int(),
  /** What the generation cost: captured credits when done, held while running, 0 when failed. */
  credits_charged: z.number().int(),
  voice_id: z.string(),
  voice_name: z.string(),
  cloned: z.boolean(),
  engine: z.string(),
  model_id: z.string().nullable(),
  settings: historySettings,
  status: taskStatus,
  progress: z.number().int(),
  error: z.string().nullable(),
  /** The failure's code from the error catalogue (docs/api.md); null unless failed. */
  error_code: z.string().nullable(),
  source: historySource,
  /** The name of the API key it was asked for with (null for the studios). */
  api_key_name: z.string().nullable(),
  duration_ms: z.number().nullable(),
  created_at: z.string(),
  /**
   * Null when there is no audio: not finished, failed, streamed only, or removed by retention.
   * `audio_url` plays in place (ranged); the others download as attachments.
   */
  audio_url: z.string().nullable(),
  mp3_url: z.string().nullable(),
  srt_url: z.string().nullable(),
  vtt_url: z.string().nullable(),
  /** The audio was deleted by the retention setting; the record stays. */
  audio_expired: z.boolean(),
  /** Whether the sentence timeline can open it (made sentence by sentence, audio kept). */
  has_timeline: z.boolean(),
});
export type HistoryItem = z.infer<typeof historyItem>;

/** One generation with its whole text (as its sentences now read), to copy back into a studio. */
export const historyItemDetail = historyItem.extend({ text: z.string() });
export type HistoryItemDetail = z.infer<typeof historyItemDetail>;

export const historyPage = z.object({
  items: z.array(historyItem),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** The voices the user has generated with, for the voice filter. */
  voices: z.array(z.object({ id: z.string(), name: z.string(), cloned: z.boolean() })),
  storage: z.object({ used_bytes: z.number().int(), limit_bytes: z.number().int() }),
  /** Days after which audio is deleted (the record is kept); null when kept for ever. */
  retention_days: z.number().int().nullable(),
});
export type HistoryPage = z.infer<typeof historyPage>;

export const historyItemParams = z.object({ id: taskId });

export const HISTORY_DOWNLOADS = ['mp3', 'srt', 'vtt'] as const;
export const historyDownloadParams = z.object({ id: taskId, format: z.enum(HISTORY_DOWNLOADS) });
export type HistoryDownloadFormat = (typeof HISTORY_DOWNLOADS)[number];

/** One rendering of one sentence. */
export const sentenceTake = z.object({
  id: z.string(),
  text: z.string(),
  /** The engine's seed for this take, null when the engine has none. */
  seed: z.number().int().nullable(),
  duration_ms: z.number(),
  chosen: z.boolean(),
  created_at: z.string(),
  audio_url: z.string(),
});
export type SentenceTake = z.infer<typeof sentenceTake>;

/** A sentence of a generation, where it starts in the joined audio, and its takes (oldest first). */
export const timelineSentence = z.object({
  position: z.number().int().min(0),
  text: z.string(),
  start_ms: z.number(),
  end_ms: z.number(),
  takes: z.array(sentenceTake),
});
export type TimelineSentence = z.infer<typeof timelineSentence>;

export const timeline = z.object({
  item: historyItem,
  sentences: z.array(timelineSentence),
  /** The engine takes a seed, so "another take" of unchanged text can sound different. */
  seeds: z.boolean(),
});
export type Timeline = z.infer<typeof timeline>;

export const MAX_SENTENCE_CHARACTERS = 1000;

/**
 * Regenerate one sentence: with edited text, or (text left out) another take of the same text
 * with a new seed. Charged by the new take's characters.
 */
export const regenerateSentenceRequest = z.object({
  text: z.string().optional(),
});
export type RegenerateSentenceRequest = z.infer<typeof regenerateSentenceRequest>;

export const sentenceParams = z.object({ id: taskId, position: z.coerce.number().int().min(0).max(100_000) });
export const takeParams = z.object({ id: taskId, takeId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/** The answer to a regeneration: the timeline as it now is, and what the take cost. */
export const regeneratedSentence = z.object({
  timeline,
  credits_charged: z.number().int(),
  /** The take came from the sentence cache: no engine call, still charged. */
  cached: z.boolean(),
});
export type RegeneratedSentence = z.infer<typeof regeneratedSentence>;
