import { RotateCw } from 'lucide-react';
import { useEffect } from 'react';
import { useAccountEvents } from '@/features/account/hooks/use-account-events';
import { useAccountIdentity } from '@/features/account/hooks/use-account-identity';
import { useEndSession } from '@/features/account/hooks/use-end-session';
import { accountFigures, DEFAULT_CURRENCY } from '@/lib/account/account-figures';
import { isSignedOutError, useMe } from '@/lib/account/get-me';
import { BalanceMenu } from './balance-menu';
import { CreditsMenu } from './credits-menu';
import { UserMenu } from './user-menu';

const skeleton = 'animate-pulse bg-line';

/** The right side of the top bar: credits, balance and the account menu, kept live from the server. */
export function AccountControls() {
  const me = useMe();
  const user = useAccountIdentity();
  const endSession = useEndSession();
  const signedOut = isSignedOutError(me.error);
  useAccountEvents({ enabled: me.isSuccess });

  useEffect(() => {
    if (signedOut) endSession();
  }, [signedOut, endSession]);

  return (
    <div className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
      {me.isSuccess ? <Figures {...accountFigures(me.data)} email={me.data.email} /> : null}
      {me.isPending || signedOut ? <FiguresLoading /> : null}
      {me.isError && !signedOut ? (
        <>
          {/* Reading credits gives 0 on error (spec section 8); the balance is shown as unknown. */}
          <CreditsMenu credits={0} totalCreditsUsed={null} />
          <BalanceMenu balance={null} currency={DEFAULT_CURRENCY} email={user?.email ?? null} />
          <RetryButton busy={me.isFetching} onRetry={() => void me.refetch()} />
        </>
      ) : null}
      {user ? <UserMenu user={user} /> : <span aria-hidden className={`h-9 w-9 rounded-full ${skeleton}`} />}
    </div>
  );
}

function Figures(props: {
  credits: number;
  totalCreditsUsed: number;
  balance: number;
  currency: string;
  email: string;
}) {
  return (
    <>
      <CreditsMenu credits={props.credits} totalCreditsUsed={props.totalCreditsUsed} />
      <BalanceMenu balance={props.balance} currency={props.currency} email={props.email} />
    </>
  );
}

function FiguresLoading() {
  return (
    <>
      <span role="status" className="sr-only">
        Loading your credits and balance…
      </span>
      <span aria-hidden className={`h-10 w-16 rounded-control sm:w-28 ${skeleton}`} />
      <span aria-hidden className={`h-10 w-14 rounded-control sm:w-24 ${skeleton}`} />
    </>
  );
}

function RetryButton({ busy, onRetry }: { busy: boolean; onRetry: () => void }) {
  return (
    <button
      type="button"
      aria-label="Retry loading your credits and balance"
      title="Couldn't load your credits and balance. Retry"
      disabled={busy}
      aria-busy={busy}
      onClick={onRetry}
      className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-control text-danger transition-colors hover:bg-danger-soft disabled:cursor-wait"
    >
      <RotateCw aria-hidden className={`h-4 w-4 ${busy ? 'animate-spin' : ''}`} />
    </button>
  );
}
