import type { OtherSessionsEnded } from '@sayso/contract/account-settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from './post-json';
import { sessionsQuery } from './sessions';

export const endOtherSessions = () => sendJson<OtherSessionsEnded>('/account/sessions/end-others', 'POST');

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
