import { useId, useState } from 'react';
import { InlineMessage } from '@/components/ui/inline-message';
import { useChangePassword } from '../api/change-password';
import { errorMessage } from '../lib/error-message';
import { fieldStyles } from '../lib/field-styles';
import { AccountSection } from './account-section';
import { SubmitButton } from './submit-button';

const MISMATCH = 'The two new passwords are not the same.';

const signedOutWords = (count: number) =>
  count === 0
    ? 'No other device was signed in.'
    : `${count} other ${count === 1 ? 'session was' : 'sessions were'} signed out.`;

/** Current password, then the new one twice; other sessions end with the change. */
export function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const change = useChangePassword();
  const id = useId();

  return (
    <AccountSection
      id="password"
      title="Password"
      description="At least 8 characters. Changing it signs you out on every other device."
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (next !== repeat) {
            setMismatch(true);
            return;
          }
          change.mutate(
            { currentPassword: current, newPassword: next },
            {
              onSuccess: () => {
                setCurrent('');
                setNext('');
                setRepeat('');
              },
            },
          );
        }}
      >
        <div className="grid gap-4 md:grid-cols-3">
          <div>
            <label htmlFor={`${id}-current`} className={fieldStyles.label}>
              Current password
            </label>
            <input
              id={`${id}-current`}
              type="password"
              value={current}
              onChange={(event) => setCurrent(event.target.value)}
              autoComplete="current-password"
              aria-invalid={change.error !== null}
              className={fieldStyles.input}
            />
          </div>
          <div>
            <label htmlFor={`${id}-new`} className={fieldStyles.label}>
              New password
            </label>
            <input
              id={`${id}-new`}
              type="password"
              value={next}
              onChange={(event) => {
                setNext(event.target.value);
                setMismatch(false);
              }}
              autoComplete="new-password"
              maxLength={128}
              className={fieldStyles.input}
            />
          </div>
          <div>
            <label htmlFor={`${id}-repeat`} className={fieldStyles.label}>
              New password again
            </label>
            <input
              id={`${id}-repeat`}
              type="password"
              value={repeat}
              onChange={(event) => {
                setRepeat(event.target.value);
                setMismatch(false);
              }}
              autoComplete="new-password"
              maxLength={128}
              aria-invalid={mismatch}
              className={fieldStyles.input}
            />
          </div>
        </div>
        {mismatch ? (
          <InlineMessage tone="error" messageKey={MISMATCH}>
            {MISMATCH}
          </InlineMessage>
        ) : null}
        {change.isError ? (
          <InlineMessage tone="error" messageKey={change.error.message}>
            {errorMessage(change.error)}
          </InlineMessage>
        ) : null}
        {change.isSuccess ? (
          <InlineMessage tone="success" messageKey={`changed-${change.submittedAt}`}>
            Your password was changed. {signedOutWords(change.data.otherSessionsEnded)}
          </InlineMessage>
        ) : null}
        <SubmitButton
          busy={change.isPending}
          label="Change password"
          busyLabel="Changing…"
          disabled={!current || !next || !repeat}
        />
      </form>
    </AccountSection>
  );
}
