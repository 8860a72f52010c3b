import type { UserSort } from '@sayso/contract/admin';

/**
 * The five sort orders of the user list (spec section 9), as the server names them. Kept here
 * rather than imported: the contract's own list is a runtime value of a module that would bring Zod
 * into the admin chunk. The type checks each value against the contract.
 */
export const USER_SORTS = [
  { value: 'alphabetical', label: 'Alphabetically' },
  { value: 'credits_desc', label: 'Highest Credits' },
  { value: 'credits_asc', label: 'Lowest Credits' },
  { value: 'balance_desc', label: 'Highest Balance' },
  { value: 'balance_asc', label: 'Lowest Balance' },
] as const satisfies readonly { value: UserSort; label: string }[];

export const isUserSort = (value: string): value is UserSort => USER_SORTS.some((sort) => sort.value === value);
