import type { ProjectDetail } from '@sayso/contract/projects';
import { ApiError, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { apiErrorFrom } from '../lib/failure-body';

/** How far an upload has come, 0 to 1. */
export type UploadProgress = (fraction: number) => void;

/**
 * Imports a manuscript (POST /api/projects/import, multipart). XMLHttpRequest rather than fetch,
 * because only it reports how much of a large file has been sent.
 */
export function importProject(
  file: File,
  narratorVoiceId: string,
  onProgress: UploadProgress,
  signal?: AbortSignal,
): Promise<ProjectDetail> {
  const form = new FormData();
  // The fields before the file: the server reads the parts in order.
  form.append('narrator_voice_id', narratorVoiceId);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/projects/import');
    request.setRequestHeader('accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve(JSON.parse(request.responseText) as ProjectDetail);
      } else {
        reject(apiErrorFrom(request.status, request.responseText, request.getResponseHeader('retry-after')));
      }
    });
    request.addEventListener('error', () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0, null, NETWORK_ERROR_CODE)));
    request.addEventListener('abort', () => reject(new DOMException('The import was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
