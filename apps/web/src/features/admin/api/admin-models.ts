import type { InstalledModel, ModelList } from '@sayso/contract/models';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

export const adminModelsKey = ['admin', 'models'] as const;

export const adminModelsQuery = queryOptions({
  queryKey: adminModelsKey,
  queryFn: () => apiRequest<ModelList>('/admin/models'),
  retry: false,
});

export const removeModel = (name: string): Promise<void> =>
  apiRequest<void>(`/admin/models/${encodeURIComponent(name)}`, { method: 'DELETE' });

export interface UploadProgress {
  sentBytes: number;
  totalBytes: number;
}

function uploadError(xhr: XMLHttpRequest): ApiError {
  let message = `Upload failed: ${xhr.status} ${xhr.statusText}`;
  try {
    const body = JSON.parse(xhr.responseText) as { error?: unknown };
    if (typeof body.error === 'string' && body.error) message = body.error;
  } catch {
    // Not JSON (a proxy's page): the status line is all there is.
  }
  return new ApiError(message, xhr.status);
}

/**
 * Uploads a model archive. XMLHttpRequest rather than fetch because only it reports upload
 * progress, which a multi-hundred-megabyte archive needs. `signal` cancels the upload.
 */
export function uploadModel(
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<InstalledModel> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/admin/models');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      onProgress({ sentBytes: event.loaded, totalBytes: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as InstalledModel);
      else reject(uploadError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0));
    xhr.onabort = () => reject(new ApiError('Upload cancelled.', 0));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('archive', file, file.name);
    xhr.send(form);
  });
}
