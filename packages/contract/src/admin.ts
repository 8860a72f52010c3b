import { z } from 'zod';

export const adminSignIn = z.object({ username: z.string().optional(), password: z.string().optional() });
export type AdminSignIn = z.infer<typeof adminSignIn>;

export const adminSession = z.object({ admin: z.object({ username: z.string(), name: z.string() }) });
export type AdminSession = z.infer<typeof adminSession>;

export const USER_SORTS = ['alphabetical', 'credits_desc', 'credits_asc', 'balance_desc', 'balance_asc'] as const;
export const userSort = z.enum(USER_SORTS);
export type UserSort = z.infer<typeof userSort>;

export const userPageQuery = z.object({
  search: z.string().max(200).default(''),
  sort: userSort.default('alphabetical'),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
export type UserPageQuery = z.infer<typeof userPageQuery>;

export const adminUser = z.object({
  uid: z.string(),
  username: z.string(),
  email: z.string(),
  credits: z.number(),
  balance: z.number(),
  currency: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** One page of users, searched, sorted and paged by the database. */
export const userPage = z.object({
  users: z.array(adminUser),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type UserPage = z.infer<typeof userPage>;

/** POST /api/admin/users/:uid/balance/add and /deduct: whose balance moves. */
export const balanceTarget = z.object({ uid: z.string().min(1) });
export type BalanceTarget = z.infer<typeof balanceTarget>;

export const balanceAmount = z.object({ amount: z.number({ error: 'Please enter a valid amount' }) });
export type BalanceAmount = z.infer<typeof balanceAmount>;

export const balanceChange = z.object({
  uid: z.string(),
  previousBalance: z.number(),
  balance: z.number(),
  currency: z.string(),
});
export type BalanceChange = z.infer<typeof balanceChange>;

export const defaultCreditsGrant = z.object({ granted: z.number().int() });
export type DefaultCreditsGrant = z.infer<typeof defaultCreditsGrant>;
