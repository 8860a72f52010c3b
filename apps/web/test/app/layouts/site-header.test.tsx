import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SiteHeader } from '@/app/layouts/site-header';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
  userCookieIsSet,
} from '../../support/render-dashboard';

const me = {
  ...signedInUser,
  displayName: 'Ada Lovelace',
  lastLoginAt: '2025-01-01T00:00:00.000Z',
  credits: 12_345,
  totalCreditsUsed: 0,
  balance: 250,
  currency: 'PKR',
  balanceHistory: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  lastUpdated: '2025-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('the public header', () => {
  it('offers Login to a visitor who is not signed in', () => {
    stubApi({});
    renderDashboard(<SiteHeader />, { route: '/blogs' });
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /account menu$/i })).not.toBeInTheDocument();
  });

  it('shows a signed-in visitor their credits, balance, account menu and a Dashboard link instead of Login', async () => {
    setUserCookie();
    stubApi({ 'GET /api/me': () => json(me) });
    renderDashboard(<SiteHeader />, { route: '/blogs' });
    expect(await screen.findByRole('button', { name: '12,345 credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Balance: 250 PKR' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /account menu$/i })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('goes back to Login, on the same page, when the session has ended on the server', async () => {
    setUserCookie();
    stubApi({ 'GET /api/me': () => json({ error: 'Not signed in' }, 401) });
    renderDashboard(<SiteHeader />, { route: '/blogs' });
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByText('Landing page')).not.toBeInTheDocument();
    expect(userCookieIsSet()).toBe(false);
  });
});
