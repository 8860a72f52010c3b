import type { UserCookieValue } from '@sayso/contract/account';

/** The spec's `user` cookie: readable by the page for display, never trusted by the server. */
const USER_COOKIE = 'user';
const SEVEN_DAYS_SECONDS = 7 * 24 * 60 * 60;

export function userCookie(value: UserCookieValue, secure: boolean): string {
  const encoded = encodeURIComponent(JSON.stringify(value));
  return `${USER_COOKIE}=${encoded}; Path=/; Max-Age=${SEVEN_DAYS_SECONDS}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export function clearedUserCookie(secure: boolean): string {
  return `${USER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure ? '; Secure' : ''}`;
}
