import type { AccountProfile } from '@sayso/contract/account-settings';
import { useId, useState } from 'react';
import { InlineMessage } from '@/components/ui/inline-message';
import { useChangeEmail } from '../api/change-email';
import { useUpdateName } from '../api/update-name';
import { errorMessage } from '../lib/error-message';
import { fieldStyles } from '../lib/field-styles';
import { AccountSection } from './account-section';
import { SubmitButton } from './submit-button';

/** The account's name, and its sign-in email (changed only with the password). */
export function ProfileSection({ profile }: { profile: AccountProfile }) {
  return (
    <AccountSection id="profile" title="Profile" description="Your name shows in the top bar and on your history.">
      <div className="grid gap-8 lg:grid-cols-2">
        <NameForm current={profile.name} />
        {profile.hasPassword ? (
          <EmailForm current={profile.email} />
        ) : (
          <div>
            <p className={fieldStyles.label}>Email</p>
            <p className="mt-1.5 text-sm text-ink">{profile.email}</p>
            <p className={fieldStyles.hint}>
              You sign in through an identity provider, which keeps your email: change it there.
            </p>
          </div>
        )}
      </div>
    </AccountSection>
  );
}

function NameForm({ current }: { current: string }) {
  const [name, setName] = useState(current);
  const rename = useUpdateName();
  const id = useId();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        rename.mutate({ name });
      }}
    >
      <div>
        <label htmlFor={`${id}-name`} className={fieldStyles.label}>
          Name
        </label>
        <input
          id={`${id}-name`}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            rename.reset();
          }}
          autoComplete="name"
          maxLength={100}
          aria-invalid={rename.isError}
          className={fieldStyles.input}
        />
      </div>
      {rename.isError ? (
        <InlineMessage tone="error" messageKey={rename.error.message}>
          {errorMessage(rename.error)}
        </InlineMessage>
      ) : null}
      {rename.isSuccess ? (
        <InlineMessage tone="success" messageKey="renamed">
          Your name is now {rename.data.name}.
        </InlineMessage>
      ) : null}
      <SubmitButton
        busy={rename.isPending}
        label="Save name"
        busyLabel="Saving…"
        disabled={name.trim() === current}
        look="secondary"
      />
    </form>
  );
}

function EmailForm({ current }: { current: string }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const change = useChangeEmail();
  const id = useId();
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(
          { email, password },
          {
            onSuccess: () => {
              setEmail('');
              setPassword('');
            },
          },
        );
      }}
    >
      <p className="text-sm text-ink">
        <span className="font-semibold">Email:</span> <span className="break-all">{current}</span>
      </p>
      <div>
        <label htmlFor={`${id}-email`} className={fieldStyles.label}>
          New email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          autoComplete="email"
          className={fieldStyles.input}
        />
      </div>
      <div>
        <label htmlFor={`${id}-password`} className={fieldStyles.label}>
          Current password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          aria-describedby={`${id}-password-hint`}
          className={fieldStyles.input}
        />
        <p id={`${id}-password-hint`} className={fieldStyles.hint}>
          Your password confirms that the change is yours. You sign in with the new email from then on.
        </p>
      </div>
      {change.isError ? (
        <InlineMessage tone="error" messageKey={change.error.message}>
          {errorMessage(change.error)}
        </InlineMessage>
      ) : null}
      {change.isSuccess ? (
        <InlineMessage tone="success" messageKey={change.data.email}>
          Your email is now {change.data.email}.
        </InlineMessage>
      ) : null}
      <SubmitButton
        busy={change.isPending}
        label="Change email"
        busyLabel="Changing…"
        disabled={!email.trim() || !password}
        look="secondary"
      />
    </form>
  );
}
