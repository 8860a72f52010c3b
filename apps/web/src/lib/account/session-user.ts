import type { UserCookieValue } from '@sayso/contract/account';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * The spec's `user` cookie, which the server writes from the user document: what the UI knows about
 * who is signed in. The server never trusts it.
 */
export type SessionUser = Pick<UserCookieValue, 'uid' | 'email'> &
  Partial<Pick<UserCookieValue, 'name' | 'displayName' | 'photo'>>;

const USER_COOKIE = 'user=';

/** The raw value of the `user` cookie, or null; a string, so React can compare snapshots cheaply. */
function rawUserCookie(cookieHeader: string): string | null {
  const part = cookieHeader
    .split(';')
    .map((piece) => piece.trim())
    .find((piece) => piece.startsWith(USER_COOKIE));
  return part ? part.slice(USER_COOKIE.length) : null;
}

function parseSessionUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<SessionUser>;
    return typeof value.uid === 'string' && typeof value.email === 'string' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

export function readSessionUser(cookieHeader: string = document.cookie): SessionUser | null {
  return parseSessionUser(rawUserCookie(cookieHeader));
}

/**
 * Browsers fire no event when a cookie changes, so the code that signs in or out announces it with
 * this event; returning to the tab also re-reads the cookie (another tab may have signed out).
 */
const SESSION_USER_CHANGED = 'sayso:session-user-changed';

export function announceSessionUserChange(): void {
  window.dispatchEvent(new Event(SESSION_USER_CHANGED));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_USER_CHANGED, onChange);
  window.addEventListener('focus', onChange);
  return () => {
    window.removeEventListener(SESSION_USER_CHANGED, onChange);
    window.removeEventListener('focus', onChange);
  };
}

/** Who the `user` cookie says is signed in, re-read whenever sign-in or sign-out announces a change. */
export function useSessionUser(): SessionUser | null {
  const raw = useSyncExternalStore(subscribe, () => rawUserCookie(document.cookie));
  return useMemo(() => parseSessionUser(raw), [raw]);
}
