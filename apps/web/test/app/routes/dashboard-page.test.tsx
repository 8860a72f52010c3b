import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import CloneStudioPage from '@/app/routes/clone-studio-page';
import DashboardPage from '@/app/routes/dashboard-page';
import {
  clearUserCookie,
  json,
  renderDashboard,
  setUserCookie,
  signedInUser,
  stubApi,
} from '../../support/render-dashboard';

beforeEach(() => {
  setUserCookie();
  stubApi({ 'GET /api/me': () => json({ ...signedInUser, displayName: 'Ada Lovelace', credits: 10_000, balance: 0 }) });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  clearUserCookie();
});

describe('DashboardPage', () => {
  it('welcomes the user by first name under the title', async () => {
    renderDashboard(<DashboardPage />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Welcome to Sayso$/);
    expect(screen.getByText(/Good to see you, Ada\./)).toBeInTheDocument();
    await screen.findByRole('button', { name: '10,000 credits' });
  });

  it('leads to the preset-voice studio, the cloning studio and the pricing page', async () => {
    renderDashboard(<DashboardPage />);
    expect(screen.getByRole('link', { name: /Preset voices/ })).toHaveAttribute('href', '/dashboard2');
    expect(screen.getByRole('link', { name: /Cloned voices/ })).toHaveAttribute('href', '/dashboard3');
    expect(screen.getByRole('link', { name: 'See pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByRole('link', { name: 'Back to dashboard' })).not.toBeInTheDocument();
    await screen.findByRole('button', { name: '10,000 credits' });
  });

  it('greets without a name when the account has none', async () => {
    setUserCookie({ uid: 'u2', email: 'nameless@example.com' });
    stubApi({ 'GET /api/me': () => json({ uid: 'u2', email: 'nameless@example.com', displayName: null, name: null }) });
    renderDashboard(<DashboardPage />);
    expect(await screen.findByText('Choose a studio to turn your text into speech.')).toBeInTheDocument();
  });
});

describe('CloneStudioPage', () => {
  it("is titled 'Sayso' with a way back to the dashboard", async () => {
    renderDashboard(<CloneStudioPage />, { route: '/dashboard3' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/^Sayso$/);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
    await screen.findByRole('button', { name: '10,000 credits' });
  });
});
