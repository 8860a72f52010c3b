import { PASSWORD_RESET_LINK_HOURS, type PasswordResetLink } from '@sayso/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { makePasswordResetLink } from '../api/admin-user-detail';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle, fieldStyles } from './styles';

/**
 * Makes a one-time link that lets the user set a new password, for staff to send them (there is
 * no mail here, or it did not arrive). The link is shown once; making another is always possible.
 */
export function ResetLinkCard({ uid }: { uid: string }) {
  const make = useMutation({ mutationFn: () => makePasswordResetLink(uid) });
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className={`mt-6 p-4 sm:p-6 ${cardStyle}`}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id={titleId} className="text-lg font-semibold">
            Password reset link
          </h2>
          <p className="mt-1 text-sm text-muted">
            A link that sets a new password once, for {PASSWORD_RESET_LINK_HOURS} hours. Send it to the user yourself.
          </p>
        </div>
        <button
          type="button"
          className={`${buttonStyles.smallSecondary} shrink-0`}
          disabled={make.isPending}
          aria-busy={make.isPending}
          onClick={() => make.mutate()}
        >
          {make.isPending ? <Spinner /> : <KeyRound aria-hidden className="h-4 w-4" />}
          {make.data ? 'Make a new link' : 'Make reset link'}
        </button>
      </div>
      {make.data ? <MadeLink link={make.data} /> : null}
      {make.isError ? (
        <p role="alert" className={fieldStyles.error}>
          {make.error.message}
        </p>
      ) : null}
    </section>
  );
}

function MadeLink({ link }: { link: PasswordResetLink }) {
  const [copied, setCopied] = useState(false);
  const inputId = useId();
  const copy = async () => {
    await navigator.clipboard.writeText(link.url);
    setCopied(true);
  };
  return (
    <div className="mt-4">
      <label htmlFor={inputId} className={fieldStyles.label}>
        One-time link
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={inputId}
          readOnly
          value={link.url}
          className={`${fieldStyles.inlineInput} min-w-0 font-mono text-sm`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className={`${buttonStyles.smallSecondary} shrink-0`} onClick={() => void copy()}>
          {copied ? <Check aria-hidden className="h-4 w-4" /> : <Copy aria-hidden className="h-4 w-4" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <p className={fieldStyles.hint} role="status">
        Works once, until {formatDateTime(link.expiresAt)}.
      </p>
    </div>
  );
}
