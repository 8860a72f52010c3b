import {
  type InstalledModel,
  type InstallJob,
  isActiveInstall,
  type ModelList,
  type RecommendedSet,
} from '@sayso/contract/models';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export const adminModelsKey = ['admin', 'models'] as const;

/** While an install runs, the list is read every second: progress is live on every open staff page. */
export const INSTALL_POLL_MS = 1000;
/** Otherwise every few seconds, so an install started elsewhere (another staff page, MODELS_PRELOAD) shows up. */
export const IDLE_POLL_MS = 5000;

export const adminModelsQuery = queryOptions({
  queryKey: adminModelsKey,
  queryFn: () => apiRequest<ModelList>('/admin/models'),
  retry: false,
  refetchInterval: (query) => {
    if (query.state.status === 'error') return false;
    return query.state.data?.jobs.some(isActiveInstall) ? INSTALL_POLL_MS : IDLE_POLL_MS;
  },
});

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** Starts downloading a catalogue model on the server; answers with its job at once. */
export const installModel = (name: string): Promise<InstallJob> =>
  apiRequest<InstallJob>(`/admin/models/${encodeURIComponent(name)}/install`, { method: 'POST' });

/** Cancels a running install (its files are removed), or dismisses a finished one. */
export const cancelInstall = (name: string): Promise<InstallJob> =>
  apiRequest<InstallJob>(`/admin/models/${encodeURIComponent(name)}/install`, { method: 'DELETE' });

export const recommendedKey = (languages: readonly string[], cloning: boolean) =>
  ['admin', 'models', 'recommended', [...languages].sort().join(','), cloning] as const;

/** What one click would install for these languages (nothing is started). */
export const recommendedQuery = (languages: readonly string[], cloning: boolean) =>
  queryOptions({
    queryKey: recommendedKey(languages, cloning),
    queryFn: () =>
      apiRequest<RecommendedSet>(
        `/admin/models/recommended?languages=${encodeURIComponent([...languages].join(','))}&cloning=${cloning}`,
      ),
    placeholderData: keepPreviousData,
    retry: false,
  });

export const installRecommended = (languages: readonly string[], cloning: boolean): Promise<RecommendedSet> =>
  apiRequest<RecommendedSet>('/admin/models/recommended', json({ languages, cloning }));

export const removeModel = (name: string): Promise<void> =>
  apiRequest<void>(`/admin/models/${encodeURIComponent(name)}`, { method: 'DELETE' });

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

function uploadError(xhr: XMLHttpRequest): ApiError {
  let message = `Upload failed: ${xhr.status} ${xhr.statusText}`;
  let code: string | null = null;
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
    if (typeof body.code === 'string' && body.code) code = body.code;
  } catch {
    // Not JSON (a proxy's page): the status line is all there is.
  }
  return new ApiError(message, xhr.status, null, code);
}

/**
 * Uploads a model archive, and optionally a separately published part (ZipVoice's vocoder).
 * XMLHttpRequest rather than fetch because only it reports upload progress, which a
 * multi-hundred-megabyte archive needs. `signal` cancels the upload.
 */
export function uploadModel(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
  vocoder?: File | null,
): Promise<InstalledModel> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/models');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      onProgress({
        sentBytes: event.loaded,
        totalBytes: event.lengthComputable ? event.total : file.size + (vocoder?.size ?? 0),
      });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as InstalledModel);
      else reject(uploadError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, null, NETWORK_ERROR_CODE));
    xhr.onabort = () => reject(new ApiError('Upload cancelled.', 0));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('archive', file, file.name);
    if (vocoder) form.append('vocoder', vocoder, vocoder.name);
    xhr.send(form);
  });
}
