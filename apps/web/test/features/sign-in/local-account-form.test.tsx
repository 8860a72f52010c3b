import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AccountFormMode, LocalAccountForm } from '@/features/sign-in/components/local-account-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The server is the network edge here: each test says what it answers.
function serverAnswers(status: number, body: unknown, headers: Record<string, string> = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(body, { status, headers })),
  );
}

/** The form as the popup page holds it: the page keeps the mode. */
function FormWithMode() {
  const [mode, setMode] = useState<AccountFormMode>('sign-in');
  return <LocalAccountForm mode={mode} onModeChange={setMode} onSignedIn={() => {}} />;
}

async function submitSignUp() {
  const user = userEvent.setup();
  render(<FormWithMode />);
  await user.click(screen.getByRole('button', { name: 'Create an account' }));
  await user.type(screen.getByLabelText(/name/i), 'Ada');
  await user.type(screen.getByLabelText(/email/i), 'ada@example.com');
  await user.type(screen.getByLabelText(/password/i), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('the local account form', () => {
  it('shows the server’s answer to a sign-up it refuses, without claiming the account exists', async () => {
    const message = 'We could not create an account with this email. If you already have one, sign in instead.';
    serverAnswers(400, { message });
    await submitSignUp();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('says how long to wait when sign-ups from this network are limited for the hour', async () => {
    const message = 'Too many sign-up attempts from your network. Please try again later.';
    serverAnswers(429, { message }, { 'retry-after': '3600' });
    await submitSignUp();
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });
});
