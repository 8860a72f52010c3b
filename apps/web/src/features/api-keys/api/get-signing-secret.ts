import type { SigningSecret } from '@sayso/contract/api-keys';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const getSigningSecret = async (): Promise<string> =>
  (await apiRequest<SigningSecret>('/api-keys/signing-secret')).secret;

export const signingSecretQuery = queryOptions({
  // Not under ['api-keys']: refreshing the list after a create or revoke must not read the secret again.
  queryKey: ['callback-signing-secret'],
  queryFn: getSigningSecret,
  // The secret does not change while the page is open.
  staleTime: Number.POSITIVE_INFINITY,
});

/** Read only once asked for (`enabled`), so the secret is not fetched, or in the page, until revealed. */
export const useSigningSecret = (enabled: boolean) => useQuery({ ...signingSecretQuery, enabled });
