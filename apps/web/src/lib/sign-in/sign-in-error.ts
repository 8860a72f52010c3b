import { useSyncExternalStore } from 'react';

/**
 * The last sign-in failure, kept outside any component: the Login button that started sign-in
 * may be gone by the time the popup reports (the phone menu closes as sign-in starts), so the
 * message lives here and one notice in the site header shows it.
 */
let current: string | null = null;
const listeners = new Set<() => void>();

function publish(message: string | null) {
  current = message;
  for (const listener of listeners) listener();
}

export const reportSignInError = (message: string) => publish(message);
export const clearSignInError = () => publish(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignInError(): string | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
