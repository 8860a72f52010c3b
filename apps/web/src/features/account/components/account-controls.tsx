import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef } from 'react';
import { useAccountEvents } from '@/features/account/hooks/use-account-events';
import { useAccountIdentity } from '@/features/account/hooks/use-account-identity';
import { useEndSession } from '@/features/account/hooks/use-end-session';
import { type FigureShortening, useFigureFit } from '@/features/account/hooks/use-figure-fit';
import { accountFigures, DEFAULT_CURRENCY } from '@/lib/account/account-figures';
import { forgetSessionUser } from '@/lib/account/forget-session-user';
import { isSignedOutError, meQueryKey, useMe } from '@/lib/account/get-me';
import { BalanceMenu } from './balance-menu';
import { CreditsMenu } from './credits-menu';
import { UserMenu } from './user-menu';

const skeleton = 'animate-pulse bg-line';

interface AccountControlsProps {
  /**
   * What happens when the server says the session has ended: the signed-in screens leave for the
   * landing page ('leave'); a public page stays where it is and shows Login again ('stay').
   */
  whenSessionEnds?: 'leave' | 'stay';
  /** Shown before the figures and counted when deciding whether they fit (the public header's Dashboard link). */
  leading?: ReactNode;
}

/** Credits, balance and the account menu, kept live from the server; the top bar and the public header share it. */
export function AccountControls({ whenSessionEnds = 'leave', leading }: AccountControlsProps) {
  const me = useMe();
  const user = useAccountIdentity();
  const onSessionEnded = useSessionEndedHandler(whenSessionEnds);
  const signedOut = isSignedOutError(me.error);
  useAccountEvents({ enabled: me.isSuccess });

  useEffect(() => {
    if (signedOut) onSessionEnded();
  }, [signedOut, onSessionEnded]);

  const figures = me.isSuccess ? accountFigures(me.data) : null;
  const controlsRef = useRef<HTMLDivElement>(null);
  const shortening = useFigureFit(controlsRef, figures ? `${figures.credits}|${figures.balance}` : '');

  return (
    <div ref={controlsRef} className="ml-auto flex min-w-0 items-center gap-1.5 sm:gap-3">
      {leading}
      {me.isSuccess && figures ? <Figures {...figures} email={me.data.email} shortening={shortening} /> : null}
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

function useSessionEndedHandler(whenSessionEnds: 'leave' | 'stay'): () => void {
  const endSession = useEndSession();
  const queryClient = useQueryClient();
  const forgetHere = useCallback(() => {
    forgetSessionUser();
    queryClient.removeQueries({ queryKey: meQueryKey });
  }, [queryClient]);
  return whenSessionEnds === 'leave' ? endSession : forgetHere;
}

function Figures(props: {
  credits: number;
  totalCreditsUsed: number;
  balance: number;
  currency: string;
  email: string;
  shortening: FigureShortening;
}) {
  return (
    <>
      <CreditsMenu
        credits={props.credits}
        totalCreditsUsed={props.totalCreditsUsed}
        withWord={props.shortening < 1}
        compact={props.shortening >= 2}
      />
      <BalanceMenu
        balance={props.balance}
        currency={props.currency}
        email={props.email}
        compact={props.shortening >= 3}
      />
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
