import type { UserPage, UserPageQuery } from '@sayso/contract/admin';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** What the panel chooses of the user list's query; the page size is fixed here. */
export type UserListParams = Pick<UserPageQuery, 'search' | 'sort' | 'page'>;

export const USERS_PAGE_SIZE = 50;

export const adminUsersKey = ['admin', 'users'] as const;

/** One page of users; searching, sorting and paging are done by the server. */
export function getAdminUsers({ search, sort, page }: UserListParams): Promise<UserPage> {
  const query = new URLSearchParams({ sort, page: String(page), pageSize: String(USERS_PAGE_SIZE) });
  if (search) query.set('search', search);
  return apiRequest<UserPage>(`/admin/users?${query}`);
}

/**
 * `load` is getAdminUsers wrapped by the caller (the panel announces every load). The previous
 * page stays on screen while the next one loads, so the table does not jump while typing.
 */
export const adminUsersQuery = (params: UserListParams, load: (params: UserListParams) => Promise<UserPage>) =>
  queryOptions({
    queryKey: [...adminUsersKey, params],
    queryFn: () => load(params),
    placeholderData: keepPreviousData,
    retry: false,
  });
