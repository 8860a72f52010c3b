import type { AdminUserDetail, PasswordResetLink, SuspensionState } from '@sayso/contract/admin';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminUsersKey } from './admin-users';

/** Under the user list's key, so a change that reloads the list reloads an open user view too. */
export const adminUserDetailKey = (uid: string) => [...adminUsersKey, 'detail', uid] as const;

const userPath = (uid: string) => `/admin/users/${encodeURIComponent(uid)}`;

export const getAdminUserDetail = (uid: string) => apiRequest<AdminUserDetail>(userPath(uid));

export const adminUserDetailQuery = (uid: string) =>
  queryOptions({ queryKey: adminUserDetailKey(uid), queryFn: () => getAdminUserDetail(uid), retry: false });

/** Suspends (no sign-in, no API keys, sessions ended) or reinstates a user. */
export const setSuspended = (uid: string, suspended: boolean) =>
  apiRequest<SuspensionState>(`${userPath(uid)}/${suspended ? 'suspend' : 'reinstate'}`, { method: 'POST' });

/** A one-time link that sets a new password for the user; staff pass it on themselves. */
export const makePasswordResetLink = (uid: string) =>
  apiRequest<PasswordResetLink>(`${userPath(uid)}/password-reset-link`, { method: 'POST' });
