import type { AdminUser } from '@sayso/contract/admin';
import { Minus, Plus, SearchX, Users } from 'lucide-react';
import { Link } from 'react-router';
import { formatCredits, formatMoney } from '@/lib/format';
import { useMediaQuery } from '@/lib/use-media-query';
import type { BalanceAction } from '../lib/amount';
import { buttonStyles } from './styles';

// Tailwind's md breakpoint: from here the five columns fit without squeezing.
const WIDE_SCREEN = '(min-width: 48rem)';

interface UsersTableProps {
  users: AdminUser[];
  /** The search the rows answer, for the empty state's wording. */
  search: string;
  onChangeBalance: (user: AdminUser, action: BalanceAction) => void;
}

const headerCell = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-muted uppercase sm:px-6';
const cell = 'px-4 py-4 sm:px-6';

/**
 * The user list: a table on wide screens, one card per user on phones, so the page never scrolls
 * sideways. Only one of the two is in the page at a time.
 */
export function UsersTable({ users, search, onChangeBalance }: UsersTableProps) {
  const wide = useMediaQuery(WIDE_SCREEN, true);
  if (users.length === 0) return <EmptyUsers search={search} />;
  if (!wide) return <UserCards users={users} onChangeBalance={onChangeBalance} />;
  return (
    // Between the breakpoint and the table's own width it scrolls inside its box, never the page.
    <div className="overflow-x-auto">
      <table className="w-full min-w-[44rem] border-collapse text-sm">
        <thead className="border-b border-line bg-surface/60">
          <tr>
            <th scope="col" className={headerCell}>
              Username
            </th>
            <th scope="col" className={headerCell}>
              Email
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Credits
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Balance
            </th>
            <th scope="col" className={`${headerCell} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {users.map((user) => (
            <tr key={user.uid} className="transition-colors hover:bg-surface/80">
              <th
                scope="row"
                title={user.username || undefined}
                className={`${cell} max-w-56 truncate text-left font-semibold text-ink`}
              >
                <UserLink user={user} />
              </th>
              {/* The email column takes whatever width the others leave (width 100%); an address longer
                  than that wraps at any character instead of being cut, as staff need all of it. */}
              <td className={`${cell} w-full min-w-48 wrap-anywhere text-muted`}>{user.email}</td>
              <td className={`${cell} text-right whitespace-nowrap tabular-nums`}>{formatCredits(user.credits)}</td>
              <td className={`${cell} text-right font-semibold whitespace-nowrap tabular-nums`}>
                {formatMoney(user.balance, user.currency)}
              </td>
              <td className={`${cell} text-right whitespace-nowrap`}>
                <div className="flex justify-end gap-2">
                  <button
                    type="button"
                    className={buttonStyles.smallSoft}
                    // The visible words stay first in the name, so speech commands still find the button.
                    aria-label={`Add Balance for ${displayName(user)}`}
                    onClick={() => onChangeBalance(user, 'add')}
                  >
                    <Plus aria-hidden className="h-4 w-4" />
                    Add Balance
                  </button>
                  <button
                    type="button"
                    className={buttonStyles.smallSecondary}
                    aria-label={`Deduct Balance for ${displayName(user)}`}
                    onClick={() => onChangeBalance(user, 'deduct')}
                  >
                    <Minus aria-hidden className="h-4 w-4" />
                    Deduct Balance
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const displayName = (user: AdminUser) => user.username || user.email;

/** The user's name, leading to their view: ledger, voices, tasks, keys, suspension and reset link. */
function UserLink({ user }: { user: AdminUser }) {
  return (
    <Link
      to={`/admin-panel/users/${encodeURIComponent(user.uid)}`}
      className="rounded-sm underline decoration-line underline-offset-4 hover:text-accent hover:decoration-accent"
    >
      {user.username || <span className="font-normal text-muted">No name</span>}
    </Link>
  );
}

function UserCards({ users, onChangeBalance }: Omit<UsersTableProps, 'search'>) {
  return (
    <ul aria-label="Users" className="divide-y divide-line">
      {users.map((user) => (
        <li key={user.uid} className="px-4 py-5">
          <p className="truncate font-semibold text-ink">
            <UserLink user={user} />
          </p>
          {/* On a phone the whole address wraps onto a second line rather than being cut. */}
          <p className="text-sm wrap-anywhere text-muted">{user.email}</p>
          <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
            <div className="rounded-control bg-surface px-3 py-2">
              <dt className="text-xs text-muted">Credits</dt>
              <dd className="font-semibold tabular-nums">{formatCredits(user.credits)}</dd>
            </div>
            <div className="rounded-control bg-surface px-3 py-2">
              <dt className="text-xs text-muted">Balance</dt>
              <dd className="font-semibold tabular-nums">{formatMoney(user.balance, user.currency)}</dd>
            </div>
          </dl>
          <div className="mt-3 grid grid-cols-2 gap-2">
            <button
              type="button"
              className={buttonStyles.smallSoft}
              aria-label={`Add Balance for ${displayName(user)}`}
              onClick={() => onChangeBalance(user, 'add')}
            >
              <Plus aria-hidden className="h-4 w-4" />
              Add Balance
            </button>
            <button
              type="button"
              className={buttonStyles.smallSecondary}
              aria-label={`Deduct Balance for ${displayName(user)}`}
              onClick={() => onChangeBalance(user, 'deduct')}
            >
              <Minus aria-hidden className="h-4 w-4" />
              Deduct Balance
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

function EmptyUsers({ search }: { search: string }) {
  const Icon = search ? SearchX : Users;
  return (
    <div className="flex flex-col items-center px-6 py-16 text-center">
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <h3 className="mt-4 font-semibold text-ink">{search ? 'No matching users' : 'No users yet'}</h3>
      <p className="mt-1 max-w-sm text-sm text-muted">
        {search
          ? `Nobody's username or email contains “${search}”. Check the spelling or search for part of it.`
          : 'People appear here once they sign up for Sayso.'}
      </p>
    </div>
  );
}

/** Placeholder rows while the first page loads, shaped like the table. */
export function UsersTableLoading() {
  return (
    <div className="divide-y divide-line">
      <span role="status" className="sr-only">
        Loading users…
      </span>
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} aria-hidden className="flex items-center gap-6 px-4 py-5 sm:px-6">
          <span className="h-4 w-28 animate-pulse rounded bg-line" />
          <span className="hidden h-4 flex-1 animate-pulse rounded bg-line sm:block" />
          <span className="h-4 w-16 animate-pulse rounded bg-line" />
          <span className="h-4 w-20 animate-pulse rounded bg-line" />
          <span className="ml-auto h-8 w-44 animate-pulse rounded-control bg-line" />
        </div>
      ))}
    </div>
  );
}
