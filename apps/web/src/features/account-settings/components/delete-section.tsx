import { useState } from 'react';
import { useMe } from '@/lib/account/get-me';
import { formatCredits, formatMoney } from '@/lib/format';
import { AccountSection } from './account-section';
import { DeleteAccountDialog } from './delete-account-dialog';

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-control bg-danger px-5 py-2.5 text-sm font-semibold text-white transition-opacity hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-60';

/** Deleting the account, with what goes and what is forfeited said before anything happens. */
export function DeleteSection({ email }: { email: string }) {
  const [confirming, setConfirming] = useState(false);
  const { data: me } = useMe();
  const credits = me?.credits ?? 0;
  const balance = formatMoney(me?.balance ?? 0, me?.currency ?? 'PKR');

  return (
    <AccountSection id="delete" title="Delete account" tone="danger">
      <div className="space-y-3 text-sm text-ink">
        <p>
          Deleting your account removes your history and its audio, your cloned voices (at the voice provider too), your
          projects, API keys and sign-in. It cannot be undone. Export your data first if you want to keep it.
        </p>
        <p className="font-semibold">
          Your {formatCredits(credits)} credits and your balance of {balance} are forfeited: they are not refunded and
          cannot be moved to another account.
        </p>
        <p className="text-muted">
          The records of your top-ups and purchases stay in our books without your name or email, so the accounts still
          add up.
        </p>
      </div>
      <button type="button" className={`mt-4 ${dangerButton}`} onClick={() => setConfirming(true)}>
        Delete my account…
      </button>
      {confirming ? (
        <DeleteAccountDialog
          email={email}
          credits={credits}
          balance={balance}
          dangerButton={dangerButton}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </AccountSection>
  );
}
