import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { historyKeys } from './list-history';

export const deleteGeneration = (id: string): Promise<void> =>
  apiRequest<void>(`/history/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Deletes a generation; stays pending until the lists have been read again, so it is gone when the dialog closes. */
export function useDeleteGeneration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGeneration,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}
