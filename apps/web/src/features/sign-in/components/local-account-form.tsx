import { useId, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { signInWithEmail, signUpWithEmail } from '../api/sign-in';

/** Whether the form signs in to an existing account or creates a new one. */
export type AccountFormMode = 'sign-in' | 'sign-up';

const inputClass =
  'mt-1 block w-full rounded-control border border-line bg-white px-3 py-2 text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30';

// better-auth's own wording names the rule but not the limits, which people need to fix it.
function friendlyError(error: unknown, mode: AccountFormMode): string {
  if (!(error instanceof Error)) return 'Login failed';
  // Sign-up is limited per hour, sign-in per minute: the server's own words say how long to wait.
  if (error instanceof ApiError && error.status === 429) {
    return mode === 'sign-up' && error.message
      ? error.message
      : 'Too many attempts. Please wait a minute and try again.';
  }
  // better-auth's code for it (its answers under /api/auth carry `{ code, message }`).
  if (error instanceof ApiError && error.code === 'PASSWORD_TOO_SHORT')
    return 'Use a password of at least 8 characters.';
  return error.message || 'Login failed';
}

interface LocalAccountFormProps {
  /** Kept by the page, whose heading says which of the two the form does. */
  mode: AccountFormMode;
  onModeChange: (mode: AccountFormMode) => void;
  onSignedIn: () => void;
}

/** Email and password, with a switch between signing in and creating an account. */
export function LocalAccountForm({ mode, onModeChange, onSignedIn }: LocalAccountFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const ids = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      if (mode === 'sign-up') await signUpWithEmail(name.trim(), email.trim(), password);
      else await signInWithEmail(email.trim(), password);
      onSignedIn();
    } catch (caught) {
      setError(friendlyError(caught, mode));
    } finally {
      setBusy(false);
    }
  }

  const signingUp = mode === 'sign-up';
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4" noValidate={false}>
      {signingUp && (
        <label className="block text-sm font-medium text-ink" htmlFor={`${ids}-name`}>
          Name
          <input
            id={`${ids}-name`}
            className={inputClass}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="name"
            required
            maxLength={100}
          />
        </label>
      )}
      <label className="block text-sm font-medium text-ink" htmlFor={`${ids}-email`}>
        Email
        <input
          id={`${ids}-email`}
          type="email"
          className={inputClass}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          required
        />
      </label>
      <label className="block text-sm font-medium text-ink" htmlFor={`${ids}-password`}>
        Password
        <input
          id={`${ids}-password`}
          type="password"
          className={inputClass}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete={signingUp ? 'new-password' : 'current-password'}
          minLength={signingUp ? 8 : undefined}
          maxLength={128}
          required
        />
        {signingUp && <span className="mt-1 block text-xs text-muted">At least 8 characters.</span>}
      </label>
      {error && (
        <p role="alert" className="rounded-control border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <button
        type="submit"
        disabled={busy}
        className="w-full rounded-control bg-accent px-4 py-2.5 text-sm font-semibold text-white hover:bg-accent-strong disabled:opacity-60"
      >
        {busy ? 'Please wait…' : signingUp ? 'Create account' : 'Sign in'}
      </button>
      <p className="text-center text-sm text-muted">
        {signingUp ? 'Already have an account?' : 'New to Sayso?'}{' '}
        <button
          type="button"
          className="font-semibold text-accent hover:underline"
          onClick={() => {
            onModeChange(signingUp ? 'sign-in' : 'sign-up');
            setError(null);
          }}
        >
          {signingUp ? 'Sign in' : 'Create an account'}
        </button>
      </p>
    </form>
  );
}
