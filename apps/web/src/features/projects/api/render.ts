import type { ProjectProgress, RenderEstimate, RenderScope } from '@sayso/contract/projects';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { meQueryKey } from '@/lib/account/get-me';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import { nextProgressRead, progressFingerprint } from '../lib/progress-polling';
import { projectDerivedKey, projectKey } from './project';

const base = (projectId: string) => `/projects/${encodeURIComponent(projectId)}`;
const scopeKey = (scope: RenderScope) =>
  scope.scope === 'project'
    ? 'project'
    : scope.scope === 'chapter'
      ? `chapter:${scope.chapter_id}`
      : `block:${scope.block_id}`;
const postScope = (scope: RenderScope): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(scope),
});

export const estimateQuery = (projectId: string, scope: RenderScope) =>
  queryOptions({
    queryKey: [...projectDerivedKey(projectId), 'estimate', scopeKey(scope)],
    // Read by the page on its own: it never holds up a person's render (decision 0039).
    queryFn: ({ signal }) =>
      spacedRequest<RenderEstimate>(
        `${base(projectId)}/estimate`,
        { ...postScope(scope), signal },
        {
          priority: 'background',
        },
      ),
  });

export const useEstimate = (projectId: string, scope: RenderScope, enabled = true) =>
  useQuery({ ...estimateQuery(projectId, scope), enabled });

export const progressQueryKey = (projectId: string) => [...projectDerivedKey(projectId), 'progress'] as const;

/**
 * The project's render progress, from the server (so it survives a reload and agrees across tabs):
 * read every couple of seconds while a block is queued, and not at all once nothing renders. When a
 * reading finds blocks finished or failed, the project on screen is read again for their states.
 */
export function useRenderProgress(projectId: string) {
  const queryClient = useQueryClient();
  const progress = useQuery({
    queryKey: progressQueryKey(projectId),
    queryFn: ({ signal }) => spacedRequest<ProjectProgress>(`${base(projectId)}/progress`, { signal }),
    refetchInterval: (query) => nextProgressRead(query.state.data),
    // Someone who looks at another tab while a book renders still wants it done when they come back.
    refetchIntervalInBackground: true,
  });
  const fingerprint = progressFingerprint(progress.data);
  const seen = useRef(fingerprint);
  useEffect(() => {
    if (seen.current === fingerprint) return;
    const first = seen.current === '';
    seen.current = fingerprint;
    if (first) return;
    void queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
    if (progress.data?.queued === 0) {
      // The render ended: what is left to render, and the balance, changed with it.
      void queryClient.invalidateQueries({ queryKey: [...projectDerivedKey(projectId), 'estimate'] });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    }
  }, [fingerprint, projectId, progress.data?.queued, queryClient]);
  return progress;
}

/** Starts a render of a block, a chapter or the project; progress is read again at once, which starts its polling. */
export function useStartRender(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (scope: RenderScope) =>
      spacedRequest<{ blocks: number; credits: number }>(`${base(projectId)}/render`, postScope(scope)),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: projectDerivedKey(projectId) });
      await queryClient.invalidateQueries({ queryKey: projectKey(projectId) });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}
