import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Logo } from '@/components/ui/logo';
import { useSignInAdmin } from '../api/admin-session';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle, fieldStyles } from './styles';

export const FIELDS_REQUIRED_MESSAGE = 'Username and password are required';

/** The panel's own sign-in; a staff account has nothing to do with a user session. */
export function LoginForm() {
  const signIn = useSignInAdmin();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [missingFields, setMissingFields] = useState(false);
  const ids = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = username.trim() === '' || password === '';
    setMissingFields(missing);
    if (missing) return;
    signIn.mutate({ username: username.trim(), password });
  };

  const error = missingFields ? FIELDS_REQUIRED_MESSAGE : signIn.error?.message;
  const busy = signIn.isPending;
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 py-10 text-ink">
      <section aria-labelledby={`${ids}-title`} className={`w-full max-w-sm p-6 sm:p-8 ${cardStyle}`}>
        <Logo />
        <div className="mt-6 flex items-center gap-3">
          <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-control bg-accent-soft text-accent">
            <LockKeyhole aria-hidden className="h-5 w-5" />
          </span>
          <h1 id={`${ids}-title`} className="text-2xl font-bold tracking-tight">
            Admin Panel
          </h1>
        </div>
        <p className="mt-2 text-sm text-muted">Sign in with your staff account to manage user balances.</p>
        <form onSubmit={submit} noValidate className="mt-6 space-y-4">
          <label className={fieldStyles.label} htmlFor={`${ids}-username`}>
            Username
            <input
              id={`${ids}-username`}
              className={fieldStyles.input}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              aria-invalid={missingFields && username.trim() === ''}
            />
          </label>
          <label className={fieldStyles.label} htmlFor={`${ids}-password`}>
            Password
            <input
              id={`${ids}-password`}
              type="password"
              className={fieldStyles.input}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="current-password"
              required
              aria-invalid={missingFields && password === ''}
            />
          </label>
          {error ? (
            <p role="alert" className={fieldStyles.error}>
              {error}
            </p>
          ) : null}
          <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy} aria-busy={busy}>
            {busy ? <Spinner /> : null}
            {busy ? 'Logging in…' : 'Login'}
          </button>
        </form>
      </section>
    </main>
  );
}
