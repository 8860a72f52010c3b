import { useCallback, useState } from 'react';
import { parseStoredFilters, type VoiceFilters } from './voice-filters';

const STORAGE_KEY = 'sayso.voice-library.filters';

function readStored(): string | null {
  try {
    return window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    // Storage can be refused (private modes, sandboxed frames); the filters then last while the page does.
    return null;
  }
}

/**
 * The library's filters, kept for the visit (the tab's session storage): closing and reopening the
 * picker, or coming back to the studio, finds the list narrowed as it was left.
 */
export function useStoredVoiceFilters() {
  const [filters, setFilters] = useState<VoiceFilters>(() => parseStoredFilters(readStored()));
  const update = useCallback((next: VoiceFilters) => {
    setFilters(next);
    try {
      window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
    } catch {
      // See readStored.
    }
  }, []);
  return [filters, update] as const;
}
