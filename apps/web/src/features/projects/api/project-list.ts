import type { CreateProjectRequest, ProjectDetail, ProjectSummary } from '@sayso/contract/projects';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { projectKey } from './project';

/** Every project query starts with this key, so one invalidation refreshes the list and the open project. */
export const PROJECTS_KEY = ['projects'] as const;

const json = (body: unknown): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export const projectListQuery = queryOptions({
  queryKey: [...PROJECTS_KEY, 'list'],
  queryFn: async (): Promise<ProjectSummary[]> =>
    (await apiRequest<{ projects: ProjectSummary[] }>('/projects')).projects,
});

export const useProjectList = () => useQuery(projectListQuery);

export const createProject = (request: CreateProjectRequest): Promise<ProjectDetail> =>
  apiRequest<ProjectDetail>('/projects', { method: 'POST', ...json(request) });

export const renameProject = (projectId: string, title: string): Promise<ProjectDetail> =>
  apiRequest<ProjectDetail>(`/projects/${encodeURIComponent(projectId)}`, { method: 'PATCH', ...json({ title }) });

export const duplicateProject = (projectId: string): Promise<ProjectDetail> =>
  apiRequest<ProjectDetail>(`/projects/${encodeURIComponent(projectId)}/duplicate`, { method: 'POST' });

export const deleteProject = (projectId: string): Promise<void> =>
  apiRequest<void>(`/projects/${encodeURIComponent(projectId)}`, { method: 'DELETE' });

const isProjectDetail = (value: unknown): value is ProjectDetail =>
  typeof value === 'object' && value !== null && 'chapters' in value && 'id' in value;

/**
 * A change to a project from the list (create, rename, duplicate, delete). The mutation stays pending
 * until the list has been read again, so the row shows the change the moment the button frees up.
 */
function useListChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (output) => {
      // A project answer is also the open project's latest state.
      if (isProjectDetail(output)) queryClient.setQueryData(projectKey(output.id), output);
      return queryClient.invalidateQueries({ queryKey: projectListQuery.queryKey });
    },
  });
}

export const useCreateProject = () => useListChange(createProject);
export const useRenameProject = () =>
  useListChange(({ projectId, title }: { projectId: string; title: string }) => renameProject(projectId, title));
export const useDuplicateProject = () => useListChange(duplicateProject);
export const useDeleteProject = () => useListChange(deleteProject);
