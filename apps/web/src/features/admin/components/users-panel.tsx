import type { AdminUser, UserSort } from '@sayso/contract/admin';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Gift, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { type Admin, adminSessionKey, isAdminSignedOutError, useSignOutAdmin } from '../api/admin-session';
import { adminUsersKey, adminUsersQuery, getAdminUsers, type UserListParams } from '../api/admin-users';
import { useToast } from '../hooks/use-toast';
import type { BalanceAction } from '../lib/amount';
import { usersLoadErrorText } from '../lib/toast-text';
import { AdminTopBar } from './admin-top-bar';
import { BalanceDialog } from './balance-dialog';
import { DefaultCreditsDialog } from './default-credits-dialog';
import { LeaveDialog } from './leave-dialog';
import { NewsletterExportLink } from './newsletter-export-link';
import { Pagination } from './pagination';
import { SetupChecklist } from './setup-checklist';
import { Spinner } from './spinner';
import { buttonStyles, cardStyle } from './styles';
import { UsersTable, UsersTableLoading } from './users-table';
import { UsersToolbar } from './users-toolbar';

export const SEARCH_DEBOUNCE_MS = 300;

const formatCount = (count: number) => count.toLocaleString('en-US');

type OpenDialog =
  | { name: 'none' }
  | { name: 'leave' }
  | { name: 'default-credits' }
  | { name: 'balance'; user: AdminUser; action: BalanceAction };

/** What the admin sees once logged in: the greeting, the searchable user list and its actions. */
export function UsersPanel({ admin }: { admin: Admin }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const signOut = useSignOutAdmin();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<UserSort>('alphabetical');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog>({ name: 'none' });

  // A new search starts again from its first page (adjusting state while rendering, as React advises).
  const [searchOfPage, setSearchOfPage] = useState(search);
  if (searchOfPage !== search) {
    setSearchOfPage(search);
    setPage(1);
  }

  // A load that worked says so on the page (the count line and the table), not in a toast on every
  // keystroke of a search (issue 40). A failure is still told, in the spec's words, since a refresh
  // that fails leaves the previous page on screen.
  const load = useCallback(
    async (params: UserListParams) => {
      try {
        return await getAdminUsers(params);
      } catch (error) {
        toast('users-list', usersLoadErrorText(error instanceof Error ? error.message : String(error)), 'error');
        throw error;
      }
    },
    [toast],
  );
  const users = useQuery(adminUsersQuery({ search, sort, page }, load));
  const signedOut = isAdminSignedOutError(users.error);

  useEffect(() => {
    // The admin session ended (expired, or logged out elsewhere): back to the login form.
    if (signedOut) queryClient.setQueryData(adminSessionKey, null);
  }, [signedOut, queryClient]);

  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: adminUsersKey });
  }, [queryClient]);

  const logout = () =>
    signOut.mutate(undefined, {
      onError: (error) => toast('session', `Logout failed: ${error.message}`, 'error'),
    });

  const data = users.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const closeDialog = () => setDialog({ name: 'none' });

  return (
    <div className="min-h-screen bg-surface text-ink">
      <AdminTopBar onLeave={() => setDialog({ name: 'leave' })} onLogout={logout} loggingOut={signOut.isPending} />
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <div className="min-w-0">
            <h1 className="text-3xl font-bold tracking-tight break-words sm:text-4xl">Welcome, {admin.name}</h1>
            <p className="mt-2 text-base text-muted sm:text-lg">
              Find a user, then add to or deduct from their balance.
            </p>
          </div>
          <div className="flex shrink-0 flex-wrap gap-2">
            <button
              type="button"
              className={buttonStyles.smallSecondary}
              onClick={() => setDialog({ name: 'default-credits' })}
            >
              <Gift aria-hidden className="h-4 w-4" />
              Give default credits
            </button>
            <NewsletterExportLink />
            <button
              type="button"
              className={buttonStyles.smallSecondary}
              disabled={users.isFetching}
              aria-busy={users.isFetching}
              onClick={() => void users.refetch()}
            >
              {users.isFetching ? <Spinner /> : <RefreshCw aria-hidden className="h-4 w-4" />}
              Refresh
            </button>
          </div>
        </div>

        <SetupChecklist />

        <section aria-labelledby="admin-users-title" className={`mt-8 overflow-hidden ${cardStyle}`}>
          <div className="flex flex-col gap-4 border-b border-line p-4 sm:p-6 lg:flex-row lg:items-end lg:justify-between">
            <div>
              <h2 id="admin-users-title" className="text-lg font-semibold">
                Users
              </h2>
              <p className="mt-1 text-sm text-muted" aria-live="polite">
                {data ? totalLine(data.total, search) : 'Loading…'}
              </p>
            </div>
            <UsersToolbar
              search={searchInput}
              onSearchChange={setSearchInput}
              sort={sort}
              onSortChange={(next) => {
                setSort(next);
                setPage(1);
              }}
            />
          </div>

          {data ? (
            <div
              className={`transition-opacity ${users.isPlaceholderData ? 'opacity-60' : ''}`}
              aria-busy={users.isFetching}
            >
              <UsersTable
                users={data.users}
                search={search}
                onChangeBalance={(user, action) => setDialog({ name: 'balance', user, action })}
              />
            </div>
          ) : users.isError ? (
            <LoadFailed message={users.error.message} onRetry={() => void users.refetch()} />
          ) : (
            <UsersTableLoading />
          )}

          {data && data.total > data.pageSize ? (
            <div className="flex flex-col items-center justify-between gap-3 border-t border-line px-4 py-4 sm:flex-row sm:px-6">
              <p className="text-sm text-muted tabular-nums">
                Showing {formatCount((data.page - 1) * data.pageSize + 1)}–
                {formatCount(Math.min(data.page * data.pageSize, data.total))} of {formatCount(data.total)}
              </p>
              <Pagination page={page} pageCount={pageCount} busy={users.isFetching} onPageChange={setPage} />
            </div>
          ) : null}
        </section>
      </main>

      {dialog.name === 'balance' ? (
        <BalanceDialog user={dialog.user} action={dialog.action} onClose={closeDialog} onSettled={reload} />
      ) : null}
      <DefaultCreditsDialog
        open={dialog.name === 'default-credits'}
        onOpenChange={(open) => setDialog(open ? { name: 'default-credits' } : { name: 'none' })}
        onSettled={reload}
      />
      <LeaveDialog
        open={dialog.name === 'leave'}
        onOpenChange={(open) => setDialog(open ? { name: 'leave' } : { name: 'none' })}
      />
    </div>
  );
}

function totalLine(total: number, search: string): string {
  const count = `${formatCount(total)} ${total === 1 ? 'user' : 'users'}`;
  return search ? `${count} matching “${search}”` : `${count} in total`;
}

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-danger-soft text-danger">
        <CircleAlert aria-hidden className="h-6 w-6" />
      </span>
      <h3 className="mt-4 font-semibold text-ink">Couldn't load users</h3>
      <p className="mt-1 max-w-sm text-sm text-muted">{message}</p>
      <button type="button" className={`${buttonStyles.smallSecondary} mt-4`} onClick={onRetry}>
        <RefreshCw aria-hidden className="h-4 w-4" />
        Try again
      </button>
    </div>
  );
}
