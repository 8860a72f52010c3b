import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '@/app/layouts/site-header';
import { clearSignInError } from '@/lib/sign-in/sign-in-error';
import { clearUserCookie, renderDashboard, stubApi } from '../../support/render-dashboard';

let nativeAlert: ReturnType<typeof vi.fn>;
beforeEach(() => {
  nativeAlert = vi.fn();
  vi.stubGlobal('alert', nativeAlert);
  stubApi({});
});

afterEach(() => {
  cleanup();
  act(() => clearSignInError());
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearUserCookie();
});

/** A popup stand-in at the browser's edge: window.open gives this window, which then reports. */
function popupThatReports(data: unknown) {
  const popup = { closed: false, focus: vi.fn() };
  vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return () =>
    window.dispatchEvent(
      new MessageEvent('message', {
        data,
        origin: window.location.origin,
        source: popup as unknown as MessageEventSource,
      }),
    );
}

describe('a failed sign-in', () => {
  it('shows why in the page, not in a native alert, and the notice can be dismissed', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderDashboard(<SiteHeader />, { route: '/blogs' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sign-in window was blocked. Please allow pop-ups for this site.',
    );
    expect(nativeAlert).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says the popup's error, or 'Login failed' when it gave none", async () => {
    const report = popupThatReports({ type: 'sayso:sign-in', ok: false, error: '' });
    const { user } = renderDashboard(<SiteHeader />, { route: '/blogs' });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    act(() => report());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Login failed$/);
    expect(nativeAlert).not.toHaveBeenCalled();
  });
});
