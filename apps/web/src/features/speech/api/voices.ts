import type { Model, Voice } from '@sayso/contract/speech';
import { queryOptions } from '@tanstack/react-query';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import { FALLBACK_MODELS, FALLBACK_VOICES } from './fallback-catalog';

/** The page loads its lists on its own: they never hold up a person's Generate (decision 0039). */
const BACKGROUND = { priority: 'background' } as const;

/** The spec accepts a bare list or an object holding it under its own name or `data`. */
export function listFrom<T>(body: unknown, key: 'voices' | 'models'): T[] | null {
  if (Array.isArray(body)) return body as T[];
  if (body && typeof body === 'object') {
    const record = body as Record<string, unknown>;
    if (Array.isArray(record[key])) return record[key] as T[];
    if (Array.isArray(record.data)) return record.data as T[];
  }
  return null;
}

/** Voices from the server, or the built-in list when the call fails (spec section 7). */
export const voicesQuery = queryOptions({
  queryKey: ['speech', 'voices', 'B'],
  queryFn: async (): Promise<{ voices: Voice[]; fallback: boolean }> => {
    try {
      const voices = listFrom<Voice>(await spacedRequest<unknown>('/elevenlabs/voices', {}, BACKGROUND), 'voices');
      if (voices) return { voices, fallback: false };
    } catch {
      // Fall through to the built-in list.
    }
    return { voices: FALLBACK_VOICES, fallback: true };
  },
  staleTime: 5 * 60_000,
});

export const modelsQuery = queryOptions({
  queryKey: ['speech', 'models', 'B'],
  queryFn: async (): Promise<{ models: Model[]; fallback: boolean }> => {
    try {
      const models = listFrom<Model>(await spacedRequest<unknown>('/elevenlabs/models', {}, BACKGROUND), 'models');
      if (models && models.length > 0) return { models, fallback: false };
    } catch {
      // Fall through to the built-in list.
    }
    return { models: FALLBACK_MODELS, fallback: true };
  },
  staleTime: 5 * 60_000,
});
