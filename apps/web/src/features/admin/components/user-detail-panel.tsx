import type { AdminUserDetail } from '@sayso/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CircleAlert, Minus, Plus, RefreshCw, UserX } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { formatCredits, formatDateTime, formatMoney } from '@/lib/format';
import { adminSessionKey, isAdminSignedOutError, useSignOutAdmin } from '../api/admin-session';
import { adminUserDetailQuery } from '../api/admin-user-detail';
import { adminUsersKey } from '../api/admin-users';
import { useToast } from '../hooks/use-toast';
import type { BalanceAction } from '../lib/amount';
import { AdminTopBar } from './admin-top-bar';
import { BalanceDialog } from './balance-dialog';
import { LeaveDialog } from './leave-dialog';
import { ResetLinkCard } from './reset-link-card';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle } from './styles';
import { SuspendDialog } from './suspend-dialog';
import { ApiKeysList, TasksList, VoicesList } from './user-activity';
import { UserLedger } from './user-ledger';

type OpenDialog =
  | { name: 'none' }
  | { name: 'leave' }
  | { name: 'suspend' }
  | { name: 'balance'; action: BalanceAction };

/**
 * /admin-panel/users/:uid: one user as staff need them after a chat-app payment or a complaint:
 * their figures and last sign-in, the ledger with payment references, voices, tasks and API keys,
 * and the actions (balance, suspension, a one-time password reset link).
 */
export function UserDetailPanel({ uid }: { uid: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const signOut = useSignOutAdmin();
  const detail = useQuery(adminUserDetailQuery(uid));
  const [dialog, setDialog] = useState<OpenDialog>({ name: 'none' });
  const signedOut = isAdminSignedOutError(detail.error);

  useEffect(() => {
    // The admin session ended (expired, or logged out elsewhere): back to the login form.
    if (signedOut) queryClient.setQueryData(adminSessionKey, null);
  }, [signedOut, queryClient]);

  const reload = () => void queryClient.invalidateQueries({ queryKey: adminUsersKey });
  const logout = () =>
    signOut.mutate(undefined, { onError: (error) => toast('session', `Logout failed: ${error.message}`, 'error') });
  const closeDialog = () => setDialog({ name: 'none' });
  const data = detail.data;

  return (
    <div className="min-h-screen bg-surface text-ink">
      <AdminTopBar onLeave={() => setDialog({ name: 'leave' })} onLogout={logout} loggingOut={signOut.isPending} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <Link to="/admin-panel" className={`${buttonStyles.ghost} -ml-3`}>
          <ArrowLeft aria-hidden className="h-4 w-4" />
          All users
        </Link>
        {data ? (
          <UserView
            detail={data}
            refreshing={detail.isFetching}
            onRefresh={() => void detail.refetch()}
            onBalance={(action) => setDialog({ name: 'balance', action })}
            onSuspend={() => setDialog({ name: 'suspend' })}
          />
        ) : detail.isError ? (
          <LoadFailed message={detail.error.message} onRetry={() => void detail.refetch()} />
        ) : (
          <div className="flex items-center gap-3 py-16 text-muted">
            <Spinner />
            <span role="status">Loading the user…</span>
          </div>
        )}
      </main>

      {data && dialog.name === 'balance' ? (
        <BalanceDialog user={data.user} action={dialog.action} onClose={closeDialog} onSettled={reload} />
      ) : null}
      {data ? (
        <SuspendDialog
          user={data.user}
          open={dialog.name === 'suspend'}
          onOpenChange={(open) => setDialog(open ? { name: 'suspend' } : { name: 'none' })}
          onSettled={reload}
        />
      ) : null}
      <LeaveDialog
        open={dialog.name === 'leave'}
        onOpenChange={(open) => setDialog(open ? { name: 'leave' } : { name: 'none' })}
      />
    </div>
  );
}

interface UserViewProps {
  detail: AdminUserDetail;
  refreshing: boolean;
  onRefresh: () => void;
  onBalance: (action: BalanceAction) => void;
  onSuspend: () => void;
}

function UserView({ detail, refreshing, onRefresh, onBalance, onSuspend }: UserViewProps) {
  const { user } = detail;
  const suspended = user.suspendedAt !== null;
  return (
    <>
      <div className="mt-4 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold tracking-tight wrap-anywhere sm:text-4xl">
              {user.username || user.email}
            </h1>
            <StatusBadge suspended={suspended} />
          </div>
          <p className="mt-2 text-base wrap-anywhere text-muted">{user.email}</p>
          {user.suspendedAt ? (
            <p className="mt-2 text-sm text-danger">
              Suspended {formatDateTime(user.suspendedAt)}
              {user.suspendedBy ? ` by ${user.suspendedBy}` : ''}: they cannot sign in or use their API keys.
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button type="button" className={buttonStyles.smallSoft} onClick={() => onBalance('add')}>
            <Plus aria-hidden className="h-4 w-4" />
            Add Balance
          </button>
          <button type="button" className={buttonStyles.smallSecondary} onClick={() => onBalance('deduct')}>
            <Minus aria-hidden className="h-4 w-4" />
            Deduct Balance
          </button>
          <button type="button" className={buttonStyles.smallSecondary} onClick={onSuspend}>
            <UserX aria-hidden className="h-4 w-4" />
            {suspended ? 'Reinstate' : 'Suspend'}
          </button>
          <button
            type="button"
            className={buttonStyles.smallSecondary}
            disabled={refreshing}
            aria-busy={refreshing}
            onClick={onRefresh}
          >
            {refreshing ? <Spinner /> : <RefreshCw aria-hidden className="h-4 w-4" />}
            Refresh
          </button>
        </div>
      </div>

      <dl className="mt-8 grid grid-cols-2 gap-3 lg:grid-cols-5">
        <Figure label="Balance" value={formatMoney(user.balance, user.currency)} />
        <Figure label="Credits" value={formatCredits(user.credits)} />
        <Figure label="Credits used" value={formatCredits(user.totalCreditsUsed)} />
        <Figure label="Joined" value={formatDateTime(user.createdAt)} />
        <Figure label="Last sign-in" value={user.lastLoginAt ? formatDateTime(user.lastLoginAt) : 'Never'} />
      </dl>

      <ResetLinkCard uid={user.uid} />

      <Section id="user-ledger" title="Ledger" note="Every movement of money and credits, newest first.">
        <UserLedger entries={detail.ledger} currency={user.currency} />
      </Section>
      <div className="grid gap-x-6 lg:grid-cols-2 lg:items-start">
        <Section id="user-tasks" title="Tasks" note="The newest speech tasks.">
          <TasksList tasks={detail.tasks} />
        </Section>
        <div className="flex flex-col">
          <Section id="user-voices" title="Cloned voices">
            <VoicesList voices={detail.voices} />
          </Section>
          <Section id="user-keys" title="API keys">
            <ApiKeysList keys={detail.apiKeys} />
          </Section>
        </div>
      </div>
    </>
  );
}

function StatusBadge({ suspended }: { suspended: boolean }) {
  return suspended ? (
    <span className="rounded-full bg-danger-soft px-2.5 py-1 text-xs font-semibold text-danger">Suspended</span>
  ) : (
    <span className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-strong">Active</span>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className={`px-4 py-3 ${cardStyle}`}>
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="mt-1 font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function Section({ id, title, note, children }: { id: string; title: string; note?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`mt-6 overflow-hidden ${cardStyle}`}>
      <div className="border-b border-line px-4 py-4 sm:px-6">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {note ? <p className="mt-1 text-sm text-muted">{note}</p> : null}
      </div>
      {children}
    </section>
  );
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className={`mt-6 flex flex-col items-center px-6 py-16 text-center ${cardStyle}`}>
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <CircleAlert aria-hidden className="h-6 w-6" />
      </span>
      <h1 className="mt-4 text-xl font-semibold text-ink">Couldn't load this user</h1>
      <p className="mt-1 max-w-sm text-sm text-muted">{message}</p>
      <button type="button" className={`${buttonStyles.smallSecondary} mt-4`} onClick={onRetry}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        Try again
      </button>
    </div>
  );
}
