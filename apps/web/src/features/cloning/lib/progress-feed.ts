import type { ConversionProgress } from './conversion-progress';

/**
 * A conversion's live progress. The page holds the feed, which stays the same object for the
 * whole conversion, and only the modal subscribes to it: a new percent re-renders the modal, not
 * the page around it (a full /dashboard3 render per percent made long tasks on a busy machine).
 */
export interface ProgressFeed {
  current(): ConversionProgress;
  subscribe(listener: () => void): () => void;
}

export function createProgressFeed(initial: ConversionProgress): ProgressFeed & {
  publish(progress: ConversionProgress): void;
} {
  let latest = initial;
  const listeners = new Set<() => void>();
  return {
    current: () => latest,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (progress) => {
      latest = progress;
      for (const listener of listeners) listener();
    },
  };
}
