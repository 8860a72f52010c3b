import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeleteSection } from '@/features/account-settings/components/delete-section';
import { PasswordSection } from '@/features/account-settings/components/password-section';
import { ForgotPassword } from '@/features/sign-in/components/forgot-password';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The server is the network edge: each route answers what the test says; every call is kept. */
function serverAnswers(routes: Record<string, { status: number; body: unknown }>) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ url: input, body: init?.body ? JSON.parse(String(init.body)) : null });
      const answer = routes[input] ?? { status: 404, body: { error: 'not here', code: 'ROUTE_NOT_FOUND' } };
      return Response.json(answer.body, { status: answer.status });
    }),
  );
  return calls;
}

function renderWithClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the password section', () => {
  it('shows the server’s words when the current password is wrong', async () => {
    serverAnswers({
      '/api/account/password': {
        status: 400,
        body: { error: 'Your current password is not correct.', code: 'CURRENT_PASSWORD_WRONG' },
      },
    });
    const user = userEvent.setup();
    renderWithClient(<PasswordSection />);
    await user.type(screen.getByLabelText('Current password'), 'guess');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('New password again'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct.');
  });

  it('does not send two different new passwords', async () => {
    const calls = serverAnswers({});
    const user = userEvent.setup();
    renderWithClient(<PasswordSection />);
    await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('New password again'), 'new password 2');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The two new passwords are not the same.');
    expect(calls).toEqual([]);
  });

  it('says how many other sessions ended with the change', async () => {
    const calls = serverAnswers({ '/api/account/password': { status: 200, body: { otherSessionsEnded: 2 } } });
    const user = userEvent.setup();
    renderWithClient(<PasswordSection />);
    await user.type(screen.getByLabelText('Current password'), 'correct horse battery');
    await user.type(screen.getByLabelText('New password'), 'new password 1');
    await user.type(screen.getByLabelText('New password again'), 'new password 1');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your password was changed. 2 other sessions were signed out.',
    );
    expect(calls[0]?.body).toEqual({ currentPassword: 'correct horse battery', newPassword: 'new password 1' });
  });
});

describe('deleting the account', () => {
  it('says what is forfeited, and deletes only once the email is typed', async () => {
    const calls = serverAnswers({
      '/api/me': { status: 200, body: { email: 'ada@example.com', credits: 9_500, balance: 120, currency: 'PKR' } },
    });
    const user = userEvent.setup();
    renderWithClient(<DeleteSection email="ada@example.com" />);
    expect(await screen.findByText(/Your 9,500 credits and your balance of 120 PKR are forfeited/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    const confirm = screen.getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Your email'), 'ada@example.co');
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Your email'), 'm');
    expect(confirm).toBeEnabled();
    expect(dialog).toHaveTextContent('forfeits 9,500 credits and 120 PKR');
    expect(calls.some((call) => call.url === '/api/account/delete')).toBe(false);
  });
});

describe('forgot password in the sign-in window', () => {
  it('tells the user to ask staff when the server sends no mail', async () => {
    const user = userEvent.setup();
    render(<ForgotPassword mailOffered={false} />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByText(/ask them for a one-time reset link/)).toBeVisible();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('asks for a link to come back to the reset page, and says it is on its way', async () => {
    const calls = serverAnswers({ '/api/auth/request-password-reset': { status: 200, body: { status: true } } });
    const user = userEvent.setup();
    render(<ForgotPassword mailOffered />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await user.type(screen.getByLabelText('Email of your account'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('a link to choose a new password is on its way');
    expect(calls[0]?.body).toEqual({
      email: 'ada@example.com',
      redirectTo: `${window.location.origin}/reset-password`,
    });
  });
});
