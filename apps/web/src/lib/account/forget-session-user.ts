import { announceSessionUserChange } from './session-user';

/**
 * Deletes the `user` cookie in the browser. The server clears it too when it ends a session, but a
 * failed sign-out or an expired session must still leave the visitor signed out on this device.
 */
export function forgetSessionUser(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a fixed string; the Cookie Store API is async and missing in some browsers.
  document.cookie = 'user=; Max-Age=0; path=/; SameSite=Lax';
  announceSessionUserChange();
}
