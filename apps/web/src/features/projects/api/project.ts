import type { ProjectDetail } from '@sayso/contract/projects';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const projectKey = (projectId: string) => ['projects', 'detail', projectId] as const;

/** Everything derived from what a project says now: estimates, progress and the ACX figures. */
export const projectDerivedKey = (projectId: string) => ['projects', 'derived', projectId] as const;

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;

const send = (method: 'PATCH' | 'POST' | 'PUT', path: string, body?: unknown): Promise<ProjectDetail> =>
  apiRequest<ProjectDetail>(path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });

export const projectQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKey(projectId),
    queryFn: ({ signal }) => apiRequest<ProjectDetail>(base(projectId), { signal }),
  });

export const useProject = (projectId: string) => useQuery(projectQuery(projectId));

export interface ProjectSettingsChange {
  title?: string;
  author?: string | null;
  narrator_voice_id?: string;
  block_pause_ms?: number;
  chapter_pause_ms?: number;
}

export interface BlockChange {
  text?: string;
  voice_id?: string | null;
  speed?: number;
  speaker?: string | null;
}

/** The editor's changes; each answers with the whole project, which replaces the one on screen. */
export const projectEdits = {
  settings: (projectId: string, change: ProjectSettingsChange) => send('PATCH', base(projectId), change),
  block: (projectId: string, blockId: string, change: BlockChange) =>
    send('PATCH', `${base(projectId)}/blocks/${encodeURIComponent(blockId)}`, change),
  renameChapter: (projectId: string, chapterId: string, title: string) =>
    send('PATCH', `${base(projectId)}/chapters/${encodeURIComponent(chapterId)}`, { title }),
  splitChapter: (projectId: string, chapterId: string, beforeBlockId: string) =>
    send('POST', `${base(projectId)}/chapters/${encodeURIComponent(chapterId)}/split`, {
      before_block_id: beforeBlockId,
    }),
  mergeChapter: (projectId: string, chapterId: string) =>
    send('POST', `${base(projectId)}/chapters/${encodeURIComponent(chapterId)}/merge`),
  reorderChapters: (projectId: string, chapterIds: string[]) =>
    send('PUT', `${base(projectId)}/chapters/order`, { chapter_ids: chapterIds }),
  cast: (projectId: string, name: string, voiceId: string | null) =>
    send('PUT', `${base(projectId)}/cast`, { name, voice_id: voiceId }),
};

/**
 * One editor change: the answer replaces the project on screen, and estimates, progress and ACX
 * figures are read again, since what would be rendered may have changed with it.
 */
export function useProjectEdit<Input>(projectId: string, edit: (input: Input) => Promise<ProjectDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: edit,
    onSuccess: async (detail) => {
      queryClient.setQueryData(projectKey(projectId), detail);
      await queryClient.invalidateQueries({ queryKey: projectDerivedKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: ['projects', 'list'] });
    },
  });
}
