import type { HistoryItem, HistorySource } from '@sayso/contract/history';
import type { TaskStatus } from '@sayso/contract/speech';
import type { StudioPrefill } from '@/lib/studio-prefill';

export const STATUS_LABELS: Record<TaskStatus, string> = {
  queued: 'Queued',
  processing: 'Rendering',
  done: 'Done',
  failed: 'Failed',
};

export const SOURCE_LABELS: Record<HistorySource, string> = {
  preset: 'Preset studio',
  clone: 'Clone studio',
  api: 'API',
};

/** Where an item came from, in words: a studio, or the API key's own name. */
export function sourceLabel(item: Pick<HistoryItem, 'source' | 'api_key_name'>): string {
  if (item.source === 'api') return item.api_key_name ? `API key "${item.api_key_name}"` : 'API';
  return SOURCE_LABELS[item.source];
}

/** The engine and model, as one short phrase: "sherpa · kokoro-multi-lang-v1_0". */
export const engineLabel = (item: Pick<HistoryItem, 'engine' | 'model_id'>): string =>
  item.model_id && item.model_id !== item.engine ? `${item.engine} · ${item.model_id}` : item.engine;

/** A short name for an item's controls ("Play …"), so a screen reader tells the rows apart. */
export function shortName(excerpt: string, words = 6): string {
  const all = excerpt.trim().split(/\s+/);
  const start = all.slice(0, words).join(' ');
  return all.length > words ? `${start}…` : start;
}

/**
 * The studio an item goes back to, filled in as it was made: a cloned voice speaks only in the
 * clone studio, whichever way (studio or API) the generation was asked for.
 */
export function prefillFor(item: HistoryItem, text: string): StudioPrefill {
  return {
    studio: item.cloned ? 'clone' : 'preset',
    text,
    voiceId: item.voice_id,
    voiceName: item.voice_name,
    modelId: item.model_id,
    settings: item.settings,
  };
}

/** Whether the excerpt already holds the whole text (it is cut at 200 characters). */
export const excerptIsWhole = (item: Pick<HistoryItem, 'excerpt' | 'characters'>): boolean =>
  [...item.excerpt].length >= item.characters;
