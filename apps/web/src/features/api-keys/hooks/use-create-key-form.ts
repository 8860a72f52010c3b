import type { ApiKeyCreated, ApiKeyScope } from '@sayso/contract/api-keys';
import { useState } from 'react';
import { useCreateApiKey } from '../api/create-api-key';
import {
  type CreateKeyDraft,
  type CreateKeyField,
  type CreateKeyProblems,
  EMPTY_DRAFT,
  readCreateKeyDraft,
} from '../lib/create-key-input';

const CREATE_FAILED_MESSAGE = 'Could not create the key. Please try again.';

/**
 * The create form: what is typed, what is wrong with it, the request, and the answer's secret,
 * which lives only here in memory, so it is gone once the page is left or reloaded.
 */
export function useCreateKeyForm() {
  const [draft, setDraft] = useState<CreateKeyDraft>(EMPTY_DRAFT);
  const [problems, setProblems] = useState<CreateKeyProblems>({});
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const create = useCreateApiKey();

  const change = (field: CreateKeyField, patch: Partial<CreateKeyDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    // A problem goes away as soon as its field is touched again; the rest stay until the next try.
    setProblems(({ [field]: _fixed, ...rest }) => rest);
  };

  const toggleScope = (scope: ApiKeyScope, checked: boolean) =>
    change('scopes', {
      scopes: checked ? [...draft.scopes, scope] : draft.scopes.filter((chosen) => chosen !== scope),
    });

  const submit = () => {
    const read = readCreateKeyDraft(draft);
    if (!read.ok) {
      setProblems(read.problems);
      return;
    }
    setProblems({});
    create.mutate(read.request, {
      onSuccess: (answer) => {
        setCreated(answer);
        setDraft(EMPTY_DRAFT);
      },
    });
  };

  return {
    draft,
    problems,
    setName: (name: string) => change('name', { name }),
    setMonthlyCap: (monthlyCap: string) => change('monthlyCap', { monthlyCap }),
    toggleScope,
    submit,
    creating: create.isPending,
    failure: create.isError ? create.error.message || CREATE_FAILED_MESSAGE : null,
    created,
    dismissCreated: () => setCreated(null),
  };
}

export type CreateKeyForm = ReturnType<typeof useCreateKeyForm>;
