import { MAX_ADMIN_PASSWORD_LENGTH, MIN_ADMIN_PASSWORD_LENGTH } from '@sayso/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type Admin, forgetAdmin, isAdminSignedOutError, useSignOutAdmin } from '../api/admin-session';
import { useChooseAdminPassword } from '../api/choose-password';
import { type NewPasswordProblem, newPasswordProblem } from '../lib/new-password';
import { AdminAuthCard } from './admin-auth-card';
import { Spinner } from './spinner';
import { buttonStyles, fieldStyles } from './styles';

/**
 * All an admin signed in with a one-time password sees: the server opens nothing else to that
 * session until a password of their own replaces it.
 */
export function ChoosePasswordForm({ admin }: { admin: Admin }) {
  const queryClient = useQueryClient();
  const choose = useChooseAdminPassword();
  const signOut = useSignOutAdmin();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<NewPasswordProblem | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  useEffect(() => passwordRef.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = newPasswordProblem(password, confirmation);
    setProblem(found);
    if (found) {
      (found.field === 'password' ? passwordRef : confirmationRef).current?.focus();
      return;
    }
    choose.mutate(password, {
      // The one-time password expired or the session ended meanwhile: back to the login form, which says why.
      onError: (error) => {
        if (isAdminSignedOutError(error)) forgetAdmin(queryClient);
      },
    });
  };

  const busy = choose.isPending;
  const error = problem?.message ?? choose.error?.message;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  return (
    <AdminAuthCard
      icon={KeyRound}
      title="Choose a new password"
      description={
        <>
          {admin.name}, you signed in with a one-time password. Choose a password of your own to open the admin panel;
          the one-time password stops working once you do.
        </>
      }
    >
      <form onSubmit={submit} noValidate className="mt-6 space-y-4" aria-busy={busy}>
        <div>
          <label className={fieldStyles.label} htmlFor={`${ids}-password`}>
            New password
            <input
              ref={passwordRef}
              id={`${ids}-password`}
              type="password"
              className={fieldStyles.input}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              autoComplete="new-password"
              required
              minLength={MIN_ADMIN_PASSWORD_LENGTH}
              maxLength={MAX_ADMIN_PASSWORD_LENGTH}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
              aria-invalid={problem?.field === 'password'}
            />
          </label>
          <span id={hintId} className={fieldStyles.hint}>
            {MIN_ADMIN_PASSWORD_LENGTH} to {MAX_ADMIN_PASSWORD_LENGTH} characters.
          </span>
        </div>
        <label className={fieldStyles.label} htmlFor={`${ids}-confirmation`}>
          Confirm new password
          <input
            ref={confirmationRef}
            id={`${ids}-confirmation`}
            type="password"
            className={fieldStyles.input}
            value={confirmation}
            onChange={(event) => setConfirmation(event.target.value)}
            autoComplete="new-password"
            required
            aria-describedby={error ? errorId : undefined}
            aria-invalid={problem?.field === 'confirmation'}
          />
        </label>
        {error ? (
          <p id={errorId} role="alert" className={fieldStyles.error}>
            {error}
          </p>
        ) : null}
        <button type="submit" className={`${buttonStyles.primary} w-full`} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Saving…' : 'Save new password'}
        </button>
        <button
          type="button"
          className={`${buttonStyles.secondary} w-full`}
          disabled={busy || signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Log out
        </button>
      </form>
    </AdminAuthCard>
  );
}
