import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import PrivacyPage from '@/app/routes/privacy-page';
import TermsPage from '@/app/routes/terms-page';
import { json, renderDashboard, stubApi } from '../support/render-dashboard';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const site = () =>
  stubApi({
    'GET /api/config': () =>
      json({
        productName: 'Sayso',
        chatNumber: null,
        supportEmail: 'help@example.com',
        naturalVoices: false,
        neuralCloning: false,
        cloudProviders: [],
      }),
  });

describe('the legal pages on signing in', () => {
  it('say in the Terms that one signs in with an email address and a password, as the sign-in popup does by default', () => {
    site();
    renderDashboard(<TermsPage />, { route: '/terms' });
    const section = screen.getByRole('heading', { name: /Your account$/ }).closest('section');
    expect(section).not.toBeNull();
    expect(section).toHaveTextContent(/email address and a password/);
    expect(section).not.toHaveTextContent('You sign in with an account from an identity provider');
  });

  it('say in the Privacy Policy that a picture and an outside identifier come only from single sign-on', () => {
    site();
    renderDashboard(<PrivacyPage />, { route: '/privacy' });
    const item = screen.getByText('Account details').closest('li');
    expect(item).toHaveTextContent(/your name and email address/);
    expect(item).toHaveTextContent(/single sign-on/);
  });
});
