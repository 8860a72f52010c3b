import type {
  CreateDictionaryRequest,
  PronunciationDictionary,
  PronunciationDictionaryList,
  PronunciationRuleInput,
} from '@sayso/contract/pronunciation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const json = (body: unknown): RequestInit => ({
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

const path = (dictionaryId: string) => `/pronunciation/dictionaries/${encodeURIComponent(dictionaryId)}`;

export const dictionaryListQuery = queryOptions({
  queryKey: ['pronunciation', 'dictionaries'],
  queryFn: async (): Promise<PronunciationDictionary[]> =>
    (await apiRequest<PronunciationDictionaryList>('/pronunciation/dictionaries')).dictionaries,
});

/** The user's dictionaries, newest first; a studio's selector asks once and does not retry. */
export const useDictionaries = ({ retry }: { retry?: false } = {}) =>
  useQuery({ ...dictionaryListQuery, ...(retry === false ? { retry } : {}) });

export const createDictionary = (request: CreateDictionaryRequest) =>
  apiRequest<PronunciationDictionary>('/pronunciation/dictionaries', { method: 'POST', ...json(request) });

export const importDictionary = (request: { name: string; pls: string }) =>
  apiRequest<PronunciationDictionary>('/pronunciation/dictionaries/import', { method: 'POST', ...json(request) });

export const replaceRules = ({ dictionaryId, rules }: { dictionaryId: string; rules: PronunciationRuleInput[] }) =>
  apiRequest<PronunciationDictionary>(`${path(dictionaryId)}/rules`, { method: 'PUT', ...json({ rules }) });

export const deleteDictionary = (dictionaryId: string) => apiRequest<void>(path(dictionaryId), { method: 'DELETE' });

/** Where the browser downloads a dictionary as a W3C PLS file. */
export const plsDownloadUrl = (dictionaryId: string) => `/api${path(dictionaryId)}/pls`;

/** A change to the dictionaries; it stays pending until the list has been read again. */
function useDictionaryChange<Input, Output>(change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dictionaryListQuery.queryKey }),
  });
}

export const useCreateDictionary = () => useDictionaryChange(createDictionary);
export const useImportDictionary = () => useDictionaryChange(importDictionary);
export const useReplaceRules = () => useDictionaryChange(replaceRules);
export const useDeleteDictionary = () => useDictionaryChange(deleteDictionary);
