import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useSignInAdmin } from '../api/admin-session';
import { AdminAuthCard } from './admin-auth-card';
import { Spinner } from './spinner';
import { buttonStyles, fieldStyles } from './styles';

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
    <AdminAuthCard
      icon={LockKeyhole}
      title="Admin Panel"
      description="Sign in with your staff account to manage user balances."
    >
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
    </AdminAuthCard>
  );
}
