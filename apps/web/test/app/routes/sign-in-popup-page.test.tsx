import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SignInPopupPage from '@/app/routes/sign-in-popup-page';
import { json, stubApi } from '../../support/render-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPopup() {
  stubApi({ 'GET /api/sign-in-options': () => json({ local: true, google: false, oidc: null }) });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/auth/popup']}>
        <Routes>
          <Route path="/auth/popup" element={<SignInPopupPage />} />
          <Route path="/" element={<p>Landing page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the sign-in popup', () => {
  it('says it creates an account, in its heading and its tab, once switched to sign-up', async () => {
    const user = renderPopup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in to Sayso' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in - Sayso');

    await user.click(await screen.findByRole('button', { name: 'Create an account' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create your Sayso account' })).toBeInTheDocument();
    expect(document.title).toBe('Create an account - Sayso');

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in to Sayso' })).toBeInTheDocument();
  });

  it('shows the logo without a link, so the popup cannot be taken away from signing in', async () => {
    renderPopup();
    await screen.findByRole('button', { name: 'Create an account' });
    expect(screen.getByText('Sayso', { selector: 'span' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
