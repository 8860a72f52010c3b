import type { ApiKey } from '@sayso/contract/api-keys';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ApiKeysPage from '@/app/routes/api-keys-page';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

const me = () => json({ ...signedInUser, displayName: 'Ada Lovelace', credits: 10_000, balance: 0 });

const storedKey = (overrides: Partial<ApiKey> = {}): ApiKey => ({
  id: 'k1',
  name: 'Audiobooks',
  prefix: 'sk_sayso_ab12cd',
  scopes: ['speech', 'voices:read', 'voices:write'],
  monthlyCharacterCap: null,
  charactersThisMonth: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  revokedAt: null,
  ...overrides,
});

const SECRET = 'sk_sayso_ab12cdEFGHijklMNOPqrstUVWXyz012345';

beforeEach(() => setUserCookie());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

const renderPage = () => renderDashboard(<ApiKeysPage />, { route: '/dashboard/api-keys' });

describe('ApiKeysPage', () => {
  it('is titled API keys in the page and the tab, with a way back to the dashboard', async () => {
    stubApi({ 'GET /api/me': me, 'GET /api/api-keys': () => json({ keys: [] }) });
    renderPage();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^API keys$/);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    await waitFor(() => expect(document.title).toBe('API keys - Sayso'));
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
  });

  it('says the list is loading until the keys arrive', async () => {
    stubApi({ 'GET /api/me': me, 'GET /api/api-keys': () => new Promise(() => {}) });
    renderPage();
    expect(await screen.findByText('Loading your API keys…')).toBeInTheDocument();
    expect(screen.queryByText('No API keys yet')).not.toBeInTheDocument();
  });

  // Typing into two fields and a refetch take a few seconds on a busy two-core machine.
  it('creates a key with every scope by default, shows its secret once, and lists it', {
    timeout: 15_000,
  }, async () => {
    let keys: ApiKey[] = [];
    const bodies: unknown[] = [];
    stubApi({
      'GET /api/me': me,
      'GET /api/api-keys': () => json({ keys }),
      'POST /api/api-keys': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        const key = storedKey({ name: 'Home automation' });
        keys = [key];
        return json({ key, secret: SECRET });
      },
    });
    const { user } = renderPage();
    await screen.findByText('No API keys yet');

    for (const name of ['Speech', 'Read voices', 'Manage voices']) {
      expect(screen.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
    }
    await user.type(screen.getByLabelText('Name'), 'Home automation');
    await user.type(screen.getByLabelText(/Monthly character cap/), '5000');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    const panel = await screen.findByRole('region', { name: 'Your new key "Home automation"' });
    expect(within(panel).getByText(SECRET)).toBeInTheDocument();
    expect(panel).toHaveTextContent('It will not be shown again.');
    expect(within(panel).getByRole('heading')).toHaveFocus();
    expect(bodies).toEqual([
      { name: 'Home automation', scopes: ['speech', 'voices:read', 'voices:write'], monthlyCharacterCap: 5000 },
    ]);

    const row = await screen.findByRole('listitem', { name: 'Home automation' });
    expect(row).toHaveTextContent('sk_sayso_ab12cd…');
    expect(row).toHaveTextContent('Never');
    expect(screen.getByLabelText('Name')).toHaveValue('');
    // The list shows only the prefix; the whole secret appears once, in the panel.
    expect(screen.getAllByText(SECRET)).toHaveLength(1);

    await user.click(within(panel).getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
  });

  it('shows problems beside their fields and sends nothing while the form is wrong', async () => {
    const fetchMock = stubApi({ 'GET /api/me': me, 'GET /api/api-keys': () => json({ keys: [] }) });
    const { user } = renderPage();
    await screen.findByText('No API keys yet');
    for (const name of ['Speech', 'Read voices', 'Manage voices']) {
      await user.click(screen.getByRole('checkbox', { name: new RegExp(name) }));
    }
    await user.type(screen.getByLabelText(/Monthly character cap/), '1.5');
    await user.click(screen.getByRole('button', { name: 'Create key' }));

    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByRole('group', { name: 'Scopes' })).toHaveAccessibleDescription('Choose at least one scope');
    expect(screen.getByLabelText(/Monthly character cap/)).toHaveAccessibleDescription(
      /The monthly cap must be a whole number/,
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText('Name'), 'B');
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
  });

  it("shows the server's refusal next to the form", async () => {
    stubApi({
      'GET /api/me': me,
      'GET /api/api-keys': () => json({ keys: [] }),
      'POST /api/api-keys': () => json({ error: 'You can have at most 50 API keys. Delete one first.' }, 400),
    });
    const { user } = renderPage();
    await user.type(screen.getByLabelText('Name'), 'One too many');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can have at most 50 API keys. Delete one first.');
    expect(screen.queryByRole('region', { name: /Your new key/ })).not.toBeInTheDocument();
  });

  it('revokes a key after a confirmation and then shows it as revoked', async () => {
    let keys = [
      storedKey({ lastUsedAt: '2026-03-02T15:04:00.000Z', charactersThisMonth: 29, monthlyCharacterCap: 10_000 }),
    ];
    const deleted: string[] = [];
    stubApi({
      'GET /api/me': me,
      'GET /api/api-keys': () => json({ keys }),
      'DELETE /api/api-keys/k1': () => {
        deleted.push('k1');
        keys = [{ ...keys[0], revokedAt: '2026-03-03T09:00:00.000Z' } as ApiKey];
        return json({ success: true });
      },
    });
    const { user } = renderPage();
    const row = await screen.findByRole('listitem', { name: 'Audiobooks' });
    expect(row).toHaveTextContent('29 / 10,000');
    expect(row).not.toHaveTextContent('Never');

    await user.click(within(row).getByRole('button', { name: 'Revoke Audiobooks' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this key?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Revoke Audiobooks' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deleted).toEqual(['k1']);
    const revokedRow = screen.getByRole('listitem', { name: 'Audiobooks' });
    expect(within(revokedRow).getByText('Revoked', { selector: 'span' })).toBeInTheDocument();
    expect(revokedRow.querySelector('time[datetime="2026-03-03T09:00:00.000Z"]')).not.toBeNull();
    expect(within(revokedRow).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your keys' })).toHaveFocus());
  });

  it('reads the signing secret only when it is revealed', async () => {
    const fetchMock = stubApi({
      'GET /api/me': me,
      'GET /api/api-keys': () => json({ keys: [] }),
      'GET /api/api-keys/signing-secret': () => json({ secret: 'whsec_visible_now' }),
    });
    const { user } = renderPage();
    await screen.findByText('No API keys yet');
    const asked = () => fetchMock.mock.calls.filter(([url]) => url === '/api/api-keys/signing-secret').length;
    expect(asked()).toBe(0);
    expect(screen.queryByText('whsec_visible_now')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reveal' }));
    expect(await screen.findByText('whsec_visible_now')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByText('whsec_visible_now')).not.toBeInTheDocument();
    expect(asked()).toBe(1);
  });

  it('refreshes the list when the window gets focus again', async () => {
    let lastUsedAt: string | null = null;
    stubApi({
      'GET /api/me': me,
      'GET /api/api-keys': () => json({ keys: [storedKey({ lastUsedAt, charactersThisMonth: lastUsedAt ? 29 : 0 })] }),
    });
    renderPage();
    const row = await screen.findByRole('listitem', { name: 'Audiobooks' });
    expect(row).toHaveTextContent('Never');

    lastUsedAt = '2026-03-02T15:04:00.000Z';
    // What the browser fires on coming back to the tab; TanStack Query listens for it on window.
    window.dispatchEvent(new Event('visibilitychange'));
    await waitFor(() => expect(row).not.toHaveTextContent('Never'));
    expect(row).toHaveTextContent('29');
  });
});
