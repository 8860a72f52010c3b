import type { SignInOptions } from '@sayso/contract/account';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const signInOptionsQuery = queryOptions({
  queryKey: ['sign-in-options'],
  queryFn: () => apiRequest<SignInOptions>('/sign-in-options'),
  staleTime: Number.POSITIVE_INFINITY,
});

const postJson = <T>(path: string, body: unknown) =>
  apiRequest<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export const signInWithEmail = (email: string, password: string) =>
  postJson<unknown>('/auth/sign-in/email', { email, password });

export const signUpWithEmail = (name: string, email: string, password: string) =>
  postJson<unknown>('/auth/sign-up/email', { name, email, password });

export type ExternalProvider = 'google' | 'oidc';

/** Where the provider sends the popup back to, on success and on failure alike. */
const RETURN_PATH = '/auth/popup/done';

/** Asks the server for the provider's authorisation URL (state, PKCE and nonce are made there). */
export async function startExternalSignIn(provider: ExternalProvider): Promise<string> {
  const common = { callbackURL: RETURN_PATH, errorCallbackURL: RETURN_PATH, disableRedirect: true };
  // Google and the configured OpenID Connect issuer share better-auth's social sign-in route.
  const { url } = await postJson<{ url: string }>('/auth/sign-in/social', { provider, ...common });
  return url;
}
