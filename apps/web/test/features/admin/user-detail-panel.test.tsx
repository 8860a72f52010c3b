import type { AdminUserDetail } from '@sayso/contract/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import AdminPanelPage from '@/app/routes/admin-panel-page';
import { ada, json, signedInAdmin, stubAdminApi, userPage } from '../../app/routes/render-admin';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function adaDetail(suspendedAt: string | null = null): AdminUserDetail {
  return {
    user: {
      ...ada,
      balance: 1600,
      createdAt: '2026-11-01T09:00:00.000Z',
      lastLoginAt: '2026-11-27T18:30:00.000Z',
      totalCreditsUsed: 420,
      suspendedAt,
      suspendedBy: suspendedAt ? 'Sam Staff' : null,
    },
    ledger: [
      {
        id: 7,
        asset: 'money',
        kind: 'admin_add',
        amount: 1500,
        balanceBefore: 100,
        balanceAfter: 1600,
        actor: 'Sam Staff',
        reason: null,
        paymentReference: 'JazzCash TX 88412',
        createdAt: '2026-11-27T19:00:00.000Z',
      },
      {
        id: 1,
        asset: 'credits',
        kind: 'signup_grant',
        amount: 10_000,
        balanceBefore: 0,
        balanceAfter: 10_000,
        actor: 'system',
        reason: null,
        paymentReference: null,
        createdAt: '2026-11-01T09:00:00.000Z',
      },
    ],
    voices: [{ id: 'v-1', name: 'Narrator Ada', engine: 'sherpa', createdAt: '2026-11-20T10:00:00.000Z' }],
    tasks: [
      {
        id: 't-1',
        status: 'done',
        engine: 'espeak-ng',
        voiceId: 'en-us',
        characters: 42,
        preview: 'The first chapter of the analytical engine',
        createdAt: '2026-11-26T12:00:00.000Z',
      },
    ],
    apiKeys: [
      {
        id: 'k-1',
        name: 'Studio key',
        prefix: 'sk_sayso_AbC123',
        createdAt: '2026-11-02T10:00:00.000Z',
        lastUsedAt: null,
        revokedAt: null,
      },
    ],
  };
}

function renderPanelAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/admin-panel" element={<AdminPanelPage />} />
          <Route path="/admin-panel/users/:uid" element={<AdminPanelPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { user };
}

describe('the admin user view', () => {
  it('opens from the user list and shows the ledger with payment references, tasks, voices and keys', async () => {
    stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users': () => userPage([ada]),
      'GET /api/admin/users/u-ada': () => json(adaDetail()),
    });
    const { user } = renderPanelAt('/admin-panel');
    await screen.findByRole('cell', { name: ada.email });
    await user.click(screen.getByRole('link', { name: 'Ada Lovelace' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('Last sign-in').nextSibling).not.toHaveTextContent('Never');
    expect(screen.getByText('Balance').nextSibling).toHaveTextContent('1,600 PKR');
    const ledger = screen.getByRole('region', { name: 'Ledger' });
    const topUp = within(ledger).getByText('Top-up').closest('tr') as HTMLElement;
    expect(within(topUp).getByText('JazzCash TX 88412')).toBeInTheDocument();
    expect(within(topUp).getByText('+1,500 PKR')).toBeInTheDocument();
    expect(within(ledger).getByText('+10,000 credits')).toBeInTheDocument();
    expect(screen.getByText('The first chapter of the analytical engine')).toBeInTheDocument();
    expect(screen.getByText('Narrator Ada')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'API keys' })).getByText(/Studio key/)).toBeInTheDocument();
    // Two pages and a list render: room for a busy machine, as the clone studio's tests have.
  }, 15_000);

  it('suspends after a confirmation that says what it does, then shows the suspension', async () => {
    let suspendedAt: string | null = null;
    const api = stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users/u-ada': () => json(adaDetail(suspendedAt)),
      'POST /api/admin/users/u-ada/suspend': () => {
        suspendedAt = '2026-11-28T05:00:00.000Z';
        return json({ uid: 'u-ada', suspendedAt, suspendedBy: 'Sam Staff' });
      },
    });
    const { user } = renderPanelAt('/admin-panel/users/u-ada');
    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend user' });
    expect(dialog).toHaveTextContent('cannot sign in or use their API keys until reinstated');
    expect(api.callsTo('POST /api/admin/users/u-ada/suspend')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByText('Suspended')).toBeInTheDocument();
    expect(screen.getByText(/they cannot sign in or use their API keys/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reinstate' })).toBeInTheDocument();
    expect(api.callsTo('POST /api/admin/users/u-ada/suspend')).toHaveLength(1);
  }, 15_000);

  it('makes a one-time reset link and shows it to copy', async () => {
    const url = 'http://localhost:3000/reset-password?token=abc123';
    stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users/u-ada': () => json(adaDetail()),
      'POST /api/admin/users/u-ada/password-reset-link': () => json({ url, expiresAt: '2026-11-29T05:00:00.000Z' }),
    });
    const { user } = renderPanelAt('/admin-panel/users/u-ada');
    await user.click(await screen.findByRole('button', { name: 'Make reset link' }));
    expect(await screen.findByLabelText('One-time link')).toHaveValue(url);
    expect(screen.getByRole('button', { name: 'Make a new link' })).toBeInTheDocument();
  });

  it('says so when the user does not exist', async () => {
    stubAdminApi({
      'GET /api/admin/session': signedInAdmin,
      'GET /api/admin/users/nobody': () => json({ error: 'User not found', code: 'USER_NOT_FOUND' }, 404),
    });
    renderPanelAt('/admin-panel/users/nobody');
    await waitFor(() => expect(screen.getByText('User not found')).toBeInTheDocument());
    expect(screen.getByRole('heading', { name: "Couldn't load this user" })).toBeInTheDocument();
  });
});
