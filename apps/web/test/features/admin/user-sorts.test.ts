import { USER_SORTS as SERVER_USER_SORTS } from '@sayso/contract/admin';
import { describe, expect, it } from 'vitest';
import { isUserSort, USER_SORTS } from '@/features/admin/lib/user-sorts';

describe('USER_SORTS', () => {
  it('offers every sort order the server accepts, in the contract’s order', () => {
    expect(USER_SORTS.map((sort) => sort.value)).toEqual([...SERVER_USER_SORTS]);
  });

  it('recognises only the sort orders it offers', () => {
    expect(isUserSort('credits_desc')).toBe(true);
    expect(isUserSort('newest')).toBe(false);
  });
});
