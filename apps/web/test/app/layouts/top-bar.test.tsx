import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TopBar } from '@/app/layouts/top-bar';
import {
  clearUserCookie,
  FakeEventSource,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
  userCookieIsSet,
} from '../../support/render-dashboard';

const me = (overrides: object = {}) => ({
  ...signedInUser,
  displayName: 'Ada Lovelace',
  lastLoginAt: '2025-01-01T00:00:00.000Z',
  credits: 12_345,
  totalCreditsUsed: 655,
  balance: 1500.456,
  currency: 'PKR',
  balanceHistory: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUpdated: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  setUserCookie();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('TopBar', () => {
  it('shows the credits and the balance from /api/me', async () => {
    stubApi({ 'GET /api/me': () => json(me()) });
    renderDashboard(<TopBar />);
    expect(await screen.findByRole('button', { name: '12,345 credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Balance: 1,500.46 PKR' })).toBeInTheDocument();
  });

  it('shows skeletons while the account loads', async () => {
    stubApi({ 'GET /api/me': () => new Promise(() => {}) });
    renderDashboard(<TopBar />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your credits and balance');
    expect(screen.queryByRole('button', { name: /^Credits/ })).not.toBeInTheDocument();
  });

  it('falls back to 10,000 credits when the account has none recorded', async () => {
    stubApi({ 'GET /api/me': () => json(me({ credits: null })) });
    renderDashboard(<TopBar />);
    expect(await screen.findByRole('button', { name: '10,000 credits' })).toBeInTheDocument();
  });

  it('shows 0 credits and a retry button when the account cannot be read, and retries on request', async () => {
    let databaseUp = false;
    stubApi({ 'GET /api/me': () => (databaseUp ? json(me()) : json({ error: 'Database down' }, 500)) });
    const { user } = renderDashboard(<TopBar />);
    expect(await screen.findByRole('button', { name: '0 credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Balance: Unavailable' })).toBeInTheDocument();

    databaseUp = true;
    await user.click(screen.getByRole('button', { name: 'Retry loading your credits and balance' }));
    expect(await screen.findByRole('button', { name: '12,345 credits' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retry/ })).not.toBeInTheDocument();
  });

  it('returns to the landing page and forgets the user when the session is gone', async () => {
    stubApi({ 'GET /api/me': () => json({ error: 'Not signed in' }, 401) });
    renderDashboard(<TopBar />);
    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(userCookieIsSet()).toBe(false);
  });

  it('updates the figures from the live account events', async () => {
    stubApi({ 'GET /api/me': () => json(me()) });
    const { unmount } = renderDashboard(<TopBar />);
    await screen.findByRole('button', { name: '12,345 credits' });
    const events = FakeEventSource.instances.at(-1);
    expect(events?.url).toBe('/api/me/events');

    events?.emit('account', JSON.stringify({ credits: 9000, balance: 20, currency: 'PKR', totalCreditsUsed: 4000 }));
    expect(await screen.findByRole('button', { name: '9,000 credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Balance: 20 PKR' })).toBeInTheDocument();

    unmount();
    expect(events?.closed).toBe(true);
  });

  it('offers Buy Credits in the credits menu, leading to the pricing page', async () => {
    stubApi({ 'GET /api/me': () => json(me()) });
    const { user } = renderDashboard(<TopBar />);
    await user.click(await screen.findByRole('button', { name: '12,345 credits' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('655')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Buy Credits' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
  });

  it('opens the chat with a prefilled top-up message from the balance menu', async () => {
    stubApi({ 'GET /api/me': () => json(me()), 'GET /api/config': () => json({ chatNumber: '923001234567' }) });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = renderDashboard(<TopBar />);
    await user.click(await screen.findByRole('button', { name: /^Balance/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Top Up' }));

    expect(open).toHaveBeenCalledWith(expect.any(String), '_blank', 'noopener,noreferrer');
    const url = String(open.mock.calls[0]?.[0]);
    expect(url.startsWith('https://wa.me/923001234567?text=')).toBe(true);
    expect(decodeURIComponent(url)).toContain('ada@example.com');
  });

  it('shows the name, the email and initials when there is no photo', async () => {
    stubApi({ 'GET /api/me': () => json(me()) });
    const { user } = renderDashboard(<TopBar />);
    await user.click(screen.getByRole('button', { name: /account menu$/i }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(menu).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(menu).getByText('AL')).toBeInTheDocument();
  });

  it('shows the back arrow only when asked to', async () => {
    stubApi({ 'GET /api/me': () => json(me()) });
    renderDashboard(<TopBar backTo="/dashboard" />, { route: '/dashboard3' });
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});

describe('the figures in the top bar', () => {
  /** Lays the controls out as if each character on screen took 8 px and the row left them `room` px. */
  function layOutControls(room: number) {
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (this: HTMLElement) {
      // Text only for screen readers (sr-only) takes no room on screen.
      const unseen = Array.from(this.querySelectorAll('.sr-only'), (element) => element.textContent ?? '').join('');
      return ((this.textContent ?? '').length - unseen.length) * 8;
    });
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(room);
  }

  afterEach(() => vi.restoreAllMocks());

  it('shows exact figures with the currency when they fit, even a million credits and a zero balance', async () => {
    stubApi({ 'GET /api/me': () => json(me({ credits: 1_009_500, balance: 0 })) });
    renderDashboard(<TopBar />);
    const credits = await screen.findByRole('button', { name: '1,009,500 credits' });
    expect(credits).toHaveTextContent('1,009,500');
    expect(credits).not.toHaveAttribute('title');
    expect(screen.getByRole('button', { name: 'Balance: 0 PKR' })).toHaveTextContent('0 PKR');
  });

  it('first drops the word "credits" and keeps both figures exact when that is enough', async () => {
    layOutControls(300);
    stubApi({ 'GET /api/me': () => json(me({ credits: 1_009_500, balance: 1500.456 })) });
    renderDashboard(<TopBar />);
    const credits = await screen.findByRole('button', { name: '1,009,500 credits' });
    expect(credits).toHaveTextContent(/^1,009,500$/);
    expect(credits).not.toHaveAttribute('title');
    expect(screen.getByRole('button', { name: 'Balance: 1,500.46 PKR' })).toHaveTextContent('1,500.46 PKR');
  });

  it('shortens only the credits when that is enough, keeping the exact figure in the tooltip', async () => {
    layOutControls(260);
    stubApi({ 'GET /api/me': () => json(me({ credits: 1_009_500, balance: 1500.456 })) });
    renderDashboard(<TopBar />);
    const credits = await screen.findByRole('button', { name: '1,009,500 credits, shown as 1.01M' });
    expect(credits).toHaveTextContent('1.01M');
    expect(credits).toHaveAttribute('title', '1,009,500 credits');
    expect(screen.getByRole('button', { name: 'Balance: 1,500.46 PKR' })).toHaveTextContent('1,500.46 PKR');
  });

  it('shortens the balance too, with its currency, when the credits alone are not enough', async () => {
    layOutControls(230);
    stubApi({ 'GET /api/me': () => json(me({ credits: 1_009_500, balance: 1500.456 })) });
    renderDashboard(<TopBar />);
    const balance = await screen.findByRole('button', { name: 'Balance: 1,500.46 PKR, shown as 1.5K PKR' });
    expect(balance).toHaveTextContent('1.5K PKR');
    expect(balance).toHaveAttribute('title', '1,500.46 PKR');
    expect(screen.getByRole('button', { name: '1,009,500 credits, shown as 1.01M' })).toHaveTextContent('1.01M');
  });
});

describe('the account menu', () => {
  it('leads to the account, the history and the API keys page from a keyboard', async () => {
    stubApi({ 'GET /api/me': () => json(me()) });
    const { user } = renderDashboard(<TopBar />, { routes: { '/dashboard/api-keys': <p>API keys page</p> } });
    (await screen.findByRole('button', { name: /account menu/i })).focus();
    await user.keyboard('{Enter}');
    const account = await screen.findByRole('menuitem', { name: 'Account' });
    expect(account).toHaveAttribute('href', '/account');
    // A menu opened from the keyboard puts focus on its first item.
    await waitFor(() => expect(account).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    const history = screen.getByRole('menuitem', { name: 'History' });
    expect(history).toHaveAttribute('href', '/history');
    await waitFor(() => expect(history).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    const item = screen.getByRole('menuitem', { name: 'API keys' });
    expect(item).toHaveAttribute('href', '/dashboard/api-keys');
    await waitFor(() => expect(item).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('API keys page')).toBeInTheDocument();
  });
});

describe('Logout', () => {
  async function openLogoutDialog() {
    const view = renderDashboard(<TopBar />);
    await view.user.click(screen.getByRole('button', { name: /account menu$/i }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    return { ...view, dialog: await screen.findByRole('dialog', { name: 'Logout' }) };
  }

  it('asks for confirmation, and Cancel keeps the user signed in', async () => {
    const fetchMock = stubApi({ 'GET /api/me': () => json(me()) });
    const { user, dialog } = await openLogoutDialog();
    expect(dialog).toHaveTextContent('Are you sure you want to log out?');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/sign-out', expect.anything());
    expect(userCookieIsSet()).toBe(true);
    expect(screen.getByRole('button', { name: /account menu$/i })).toHaveFocus();
  });

  it('signs out, forgets the user and goes to the landing page on Logout', async () => {
    const fetchMock = stubApi({
      'GET /api/me': () => json(me()),
      'POST /api/auth/sign-out': () => new Response(null, { status: 204 }),
    });
    const { user, dialog } = await openLogoutDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sign-out',
      expect.objectContaining({
        method: 'POST',
        body: '{}',
        headers: expect.objectContaining({ 'content-type': 'application/json' }),
      }),
    );
    expect(userCookieIsSet()).toBe(false);
  });

  it('still leaves when the server cannot end the session', async () => {
    stubApi({ 'GET /api/me': () => json(me()), 'POST /api/auth/sign-out': () => json({ error: 'Down' }, 503) });
    const { user, dialog } = await openLogoutDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Logout' }));

    expect(await screen.findByText('Landing page')).toBeInTheDocument();
    expect(userCookieIsSet()).toBe(false);
  });
});
