import type { UserSort } from '@sayso/contract/admin';
import { ArrowUpDown, Search } from 'lucide-react';
import { useId } from 'react';
import { isUserSort, USER_SORTS } from '../lib/user-sorts';
import { fieldStyles } from './styles';

interface UsersToolbarProps {
  search: string;
  onSearchChange: (search: string) => void;
  sort: UserSort;
  onSortChange: (sort: UserSort) => void;
}

const control =
  'block w-full rounded-control border border-line bg-white py-2 pl-9 text-sm text-ink shadow-sm focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none';

/** The search box (username or email, searched by the server) and the five sort orders. */
export function UsersToolbar({ search, onSearchChange, sort, onSortChange }: UsersToolbarProps) {
  const ids = useId();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="min-w-0 flex-1 sm:w-72 sm:flex-none">
        <label htmlFor={`${ids}-search`} className={fieldStyles.label}>
          Search users
        </label>
        <div className="relative mt-1">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
          />
          <input
            id={`${ids}-search`}
            type="search"
            className={`${control} pr-3`}
            placeholder="Username or email"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
        </div>
      </div>
      <div className="sm:w-52">
        <label htmlFor={`${ids}-sort`} className={fieldStyles.label}>
          Sort by
        </label>
        <div className="relative mt-1">
          <ArrowUpDown
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted"
          />
          <select
            id={`${ids}-sort`}
            className={`${control} pr-8`}
            value={sort}
            onChange={(event) => {
              if (isUserSort(event.target.value)) onSortChange(event.target.value);
            }}
          >
            {USER_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
