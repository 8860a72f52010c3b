import { useId, useState } from 'react';
import { Link } from 'react-router';
import { resetPassword } from '../api/password-reset';

const inputClass =
  'mt-1 block w-full rounded-control border border-line bg-white px-3 py-2 text-ink shadow-sm focus:border-accent focus:outline-none focus:ring-2 focus:ring-accent/30';

const EXPIRED = 'This link has expired or was used already. Ask for a new one from the sign-in window.';

/** better-auth's codes for a spent or unknown token, and for a short password. */
function resetFailure(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  if (code === 'INVALID_TOKEN') return EXPIRED;
  if (code === 'PASSWORD_TOO_SHORT') return 'Use a password of at least 8 characters.';
  return error instanceof Error && error.message ? error.message : 'Could not set the password. Please try again.';
}

/** The new password, twice, for the token the mailed link carried. */
export function ResetPasswordForm({ token, linkError }: { token: string | null; linkError: boolean }) {
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(linkError || !token ? EXPIRED : null);
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');
  const id = useId();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!token) return;
    if (password !== repeat) {
      setProblem('The two passwords are not the same.');
      return;
    }
    setProblem(null);
    setState('saving');
    try {
      await resetPassword(token, password);
      setState('done');
    } catch (caught) {
      setProblem(resetFailure(caught));
      setState('idle');
    }
  }

  if (state === 'done') {
    return (
      <div role="status" className="space-y-4 text-center">
        <p className="text-ink">Your password was changed, and every device was signed out.</p>
        <Link to="/" className="inline-block font-semibold text-accent hover:underline">
          Go to Sayso and sign in
        </Link>
      </div>
    );
  }
  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <div>
        <label htmlFor={`${id}-new`} className="block text-sm font-medium text-ink">
          New password
        </label>
        <input
          id={`${id}-new`}
          type="password"
          className={inputClass}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="new-password"
          minLength={8}
          maxLength={128}
          required
          disabled={!token}
          aria-describedby={`${id}-new-hint`}
        />
        <span id={`${id}-new-hint`} className="mt-1 block text-xs text-muted">
          At least 8 characters.
        </span>
      </div>
      <label htmlFor={`${id}-repeat`} className="block text-sm font-medium text-ink">
        New password again
        <input
          id={`${id}-repeat`}
          type="password"
          className={inputClass}
          value={repeat}
          onChange={(event) => setRepeat(event.target.value)}
          autoComplete="new-password"
          maxLength={128}
          required
          disabled={!token}
        />
      </label>
      {problem ? (
        <p role="alert" className="rounded-control border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
          {problem}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={!token || state === 'saving'}
        className="w-full rounded-control bg-accent px-4 py-2.5 text-sm font-semibold text-white hover:bg-accent-strong disabled:opacity-60"
      >
        {state === 'saving' ? 'Saving…' : 'Set new password'}
      </button>
    </form>
  );
}
