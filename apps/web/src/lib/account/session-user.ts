import type { UserCookieValue } from '@sayso/contract/account';

/**
 * The spec's `user` cookie, which the server writes from the user document: what the UI knows about
 * who is signed in. The server never trusts it.
 */
export type SessionUser = Pick<UserCookieValue, 'uid' | 'email'> &
  Partial<Pick<UserCookieValue, 'name' | 'displayName' | 'photo'>>;

export function readSessionUser(cookieHeader: string = document.cookie): SessionUser | null {
  const raw = cookieHeader
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith('user='));
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw.slice('user='.length))) as Partial<SessionUser>;
    return typeof value.uid === 'string' && typeof value.email === 'string' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}
