import { isSignInMessage } from './popup-message';

export type PopupOutcome = 'signed-in' | 'closed';

const POPUP_FEATURES = 'popup,width=480,height=680';
const CLOSED_CHECK_MS = 400;
const LATE_MESSAGE_GRACE_MS = 1_500;

/**
 * Opens /auth/popup and waits for it to report. Resolves 'signed-in' on success and 'closed' when
 * the person closes the window; rejects with the popup's error message otherwise. Only messages
 * from this origin and from this very window count.
 */
export function openSignInPopup(): Promise<PopupOutcome> {
  const popup = window.open('/auth/popup', 'sayso-sign-in', POPUP_FEATURES);
  if (!popup) {
    return Promise.reject(new Error('The sign-in window was blocked. Please allow pop-ups for this site.'));
  }
  popup.focus();
  return new Promise((resolve, reject) => {
    const finish = () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedCheck);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== popup || !isSignInMessage(event.data)) return;
      finish();
      if (event.data.ok) resolve('signed-in');
      else reject(new Error(event.data.error));
    };
    // The popup posts its report and closes at once, so a closed popup may still have a message on
    // its way: give it a moment before calling the sign-in cancelled (a busy machine lost the race).
    const closedCheck = window.setInterval(() => {
      if (!popup.closed) return;
      window.clearInterval(closedCheck);
      window.setTimeout(() => {
        finish();
        resolve('closed');
      }, LATE_MESSAGE_GRACE_MS);
    }, CLOSED_CHECK_MS);
    window.addEventListener('message', onMessage);
  });
}

/** Called inside the popup when sign-in ends: tells the opener (same origin only) and closes. */
export function reportToOpener(outcome: { ok: true } | { ok: false; error: string }): boolean {
  const opener = window.opener as Window | null;
  if (!opener || opener.closed) return false;
  opener.postMessage({ type: 'sayso:sign-in', ...outcome }, window.location.origin);
  window.close();
  return true;
}
