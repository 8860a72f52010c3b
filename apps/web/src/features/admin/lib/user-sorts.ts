/** The five sort orders of the user list (spec section 9), as the server names them. */
export const USER_SORTS = [
  { value: 'alphabetical', label: 'Alphabetically' },
  { value: 'credits_desc', label: 'Highest Credits' },
  { value: 'credits_asc', label: 'Lowest Credits' },
  { value: 'balance_desc', label: 'Highest Balance' },
  { value: 'balance_asc', label: 'Lowest Balance' },
] as const;

export type UserSort = (typeof USER_SORTS)[number]['value'];

export const isUserSort = (value: string): value is UserSort => USER_SORTS.some((sort) => sort.value === value);
