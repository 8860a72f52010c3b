import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openSignInPopup } from '@/lib/sign-in/open-sign-in-popup';

/** A stand-in for the window that window.open returns: the browser's edge, not our code. */
function fakePopup() {
  const popup = { closed: false, focus: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return popup;
}

function reportFrom(popup: object, data: unknown) {
  window.dispatchEvent(
    new MessageEvent('message', { data, origin: window.location.origin, source: popup as MessageEventSource }),
  );
}

describe('the sign-in popup', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts a success reported just after the popup closed itself', async () => {
    const popup = fakePopup();
    const outcome = openSignInPopup();
    popup.closed = true;
    // The closed check runs before the popup's message is delivered, as on a busy machine.
    await vi.advanceTimersByTimeAsync(500);
    reportFrom(popup, { type: 'sayso:sign-in', ok: true });
    await expect(outcome).resolves.toBe('signed-in');
  });

  it('calls a popup closed without a report cancelled, after a short grace', async () => {
    const popup = fakePopup();
    const outcome = openSignInPopup();
    let settled = false;
    void outcome.then(() => {
      settled = true;
    });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(500);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    await expect(outcome).resolves.toBe('closed');
  });

  it('ignores reports from other windows and rejects with the popup error', async () => {
    const popup = fakePopup();
    const outcome = openSignInPopup();
    reportFrom({}, { type: 'sayso:sign-in', ok: true });
    reportFrom(popup, { type: 'sayso:sign-in', ok: false, error: 'Sign-in was refused' });
    await expect(outcome).rejects.toThrow('Sign-in was refused');
  });
});
