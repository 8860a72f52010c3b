import type { ProjectDetail } from '@sayso/contract/projects';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unzipSync } from 'fflate';
import { ApiError, apiRequest, NETWORK_ERROR_CODE, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { type ChapterRecording, chapterRecordings } from '../lib/chapter-files';
import { apiErrorFrom } from '../lib/failure-body';
import { projectDerivedKey } from './project';

export type AudioExportFormat = 'zip' | 'mp3' | 'wav' | 'flac';
export type SubtitleFormat = 'srt' | 'vtt';

export interface AcxChapter {
  chapter_id: string;
  title: string;
  rms_db: number;
  peak_db: number;
  noise_floor_db: number;
  head_silence_ms: number;
  tail_silence_ms: number;
  passes: boolean;
  failures: string[];
}

const base = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;

export const audioExportUrl = (projectId: string, format: AudioExportFormat, mastered: boolean) =>
  `${base(projectId)}/export/${format}${mastered ? '?mastered=true' : ''}`;

export const subtitlesUrl = (projectId: string, chapterId: string, format: SubtitleFormat) =>
  `${base(projectId)}/chapters/${encodeURIComponent(chapterId)}/subtitles.${format}`;

/** The file name from a Content-Disposition header (its UTF-8 form first). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // A malformed escape: the plain name below will do.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * Fetches an export as bytes. Errors come back as ApiError with the server's code, as from every
 * other call (a download link would save the error's JSON as the file instead).
 */
export async function fetchExport(url: string, signal?: AbortSignal): Promise<{ blob: Blob; name: string }> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, null, NETWORK_ERROR_CODE);
  }
  if (!response.ok) {
    throw apiErrorFrom(response.status, await response.text(), response.headers.get('retry-after'));
  }
  const fallback = url.split('/').pop()?.split('?')[0] ?? 'export';
  return { blob: await response.blob(), name: fileNameFrom(response.headers.get('content-disposition'), fallback) };
}

/** Saves a fetched export under its own name, as a download. */
export function saveFile(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the next turn; the address is not needed after that.
  setTimeout(() => URL.revokeObjectURL(href), 1_000);
}

export const acxQuery = (projectId: string, mastered: boolean) =>
  queryOptions({
    queryKey: [...projectDerivedKey(projectId), 'acx', mastered],
    queryFn: ({ signal }) =>
      apiRequest<{ mastered: boolean; chapters: AcxChapter[] }>(
        `/projects/${encodeURIComponent(projectId)}/acx${mastered ? '?mastered=true' : ''}`,
        { signal },
      ),
    retry: false,
  });

export const useAcxReport = (projectId: string, mastered: boolean, enabled: boolean) =>
  useQuery({ ...acxQuery(projectId, mastered), enabled });

/**
 * The book's chapters as audio with a cue per block, for the player: the ZIP export, unpacked here.
 * Keyed by what the audio depends on (every block's text, voice and speed, and the pauses), so an
 * edit asks for it again, and nothing else does.
 */
export function useChapterRecordings(project: ProjectDetail, enabled: boolean) {
  const withBlocks = project.chapters.filter((chapter) => chapter.blocks.length > 0);
  const signature = [
    project.block_pause_ms,
    ...withBlocks.flatMap((chapter) => [
      chapter.id,
      ...chapter.blocks.map((block) => `${block.id}:${block.state}:${block.duration_ms}:${block.changed}`),
    ]),
  ].join('|');
  return useQuery({
    queryKey: ['projects', 'recordings', project.id, signature],
    queryFn: async ({ signal }): Promise<Map<string, ChapterRecording>> => {
      const { blob } = await fetchExport(audioExportUrl(project.id, 'zip', false), signal);
      const files = unzipSync(new Uint8Array(await blob.arrayBuffer()));
      return chapterRecordings(
        files,
        withBlocks.map((chapter) => chapter.id),
      );
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    // A book's audio is large: forget it soon after the player closes.
    gcTime: 60_000,
    retry: false,
  });
}
