import { z } from 'zod';
import { ledgerEntry } from './ledger.js';

/** Long enough for any password an operator types; short enough that hashing it costs nothing. */
export const MAX_SIGN_IN_PASSWORD_LENGTH = 1024;
export const MAX_ADMIN_USERNAME_LENGTH = 100;

export const adminSignIn = z.object({
  username: z
    .string()
    .max(MAX_ADMIN_USERNAME_LENGTH, `Username can be at most ${MAX_ADMIN_USERNAME_LENGTH} characters`)
    .optional(),
  password: z
    .string()
    .max(MAX_SIGN_IN_PASSWORD_LENGTH, `Password can be at most ${MAX_SIGN_IN_PASSWORD_LENGTH} characters`)
    .optional(),
});
export type AdminSignIn = z.infer<typeof adminSignIn>;

/**
 * The signed-in admin. `mustChangePassword`: the session was opened with a one-time password, and
 * only choosing a new one (POST /api/admin/password) is open to it.
 */
export const adminSession = z.object({
  admin: z.object({ username: z.string(), name: z.string() }),
  mustChangePassword: z.boolean(),
});
export type AdminSession = z.infer<typeof adminSession>;

/** The rules of an admin's own password, shared by the server and the panel's form. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12;
export const MAX_ADMIN_PASSWORD_LENGTH = 128;

/** POST /api/admin/password: the new password that replaces a one-time one. */
export const adminNewPassword = z.object({
  password: z
    .string({ error: 'Please enter a new password' })
    .max(MAX_ADMIN_PASSWORD_LENGTH, `Admin passwords can have at most ${MAX_ADMIN_PASSWORD_LENGTH} characters`),
});
export type AdminNewPassword = z.infer<typeof adminNewPassword>;

export const USER_SORTS = ['alphabetical', 'credits_desc', 'credits_asc', 'balance_desc', 'balance_asc'] as const;
export const userSort = z.enum(USER_SORTS);
export type UserSort = z.infer<typeof userSort>;

export const MAX_USER_SEARCH_LENGTH = 200;
/** Far past any real list (50 a page), and small enough that the row offset stays exact. */
export const MAX_USER_PAGE = 1_000_000;
export const MAX_USER_PAGE_SIZE = 100;

const PAGE_RULE = `Page must be a whole number from 1 to ${MAX_USER_PAGE.toLocaleString('en-US')}`;
const PAGE_SIZE_RULE = `Page size must be a whole number from 1 to ${MAX_USER_PAGE_SIZE}`;

export const userPageQuery = z.object({
  search: z
    .string()
    .max(MAX_USER_SEARCH_LENGTH, `Search text can be at most ${MAX_USER_SEARCH_LENGTH} characters`)
    .default(''),
  sort: userSort.default('alphabetical'),
  page: z.coerce
    .number({ error: PAGE_RULE })
    .int({ error: PAGE_RULE })
    .min(1, PAGE_RULE)
    .max(MAX_USER_PAGE, PAGE_RULE)
    .default(1),
  pageSize: z.coerce
    .number({ error: PAGE_SIZE_RULE })
    .int({ error: PAGE_SIZE_RULE })
    .min(1, PAGE_SIZE_RULE)
    .max(MAX_USER_PAGE_SIZE, PAGE_SIZE_RULE)
    .default(50),
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

/**
 * The most one balance change may move: a product limit far above any real top-up, well inside
 * what the money columns (numeric(14, 2)) hold and what a JavaScript number counts exactly.
 */
export const MAX_BALANCE_CHANGE = 1_000_000_000;

/** Long enough for any bank or wallet transaction id and a few words beside it. */
export const MAX_PAYMENT_REFERENCE_LENGTH = 200;
/** The panel asks for the reference of every top-up (decision 0053); the API keeps the spec's call without one. */
export const PAYMENT_REFERENCE_REQUIRED_MESSAGE = 'Please enter the payment reference';
const PAYMENT_REFERENCE_RULE = `The payment reference can be at most ${MAX_PAYMENT_REFERENCE_LENGTH} characters`;

export const balanceAmount = z.object({
  amount: z
    .number({ error: 'Please enter a valid amount' })
    .max(MAX_BALANCE_CHANGE, `The amount can be at most ${MAX_BALANCE_CHANGE.toLocaleString('en-US')}`),
  /**
   * The payment a top-up follows (a chat-app transfer's id), or a note on a deduction; stored on
   * the ledger row. Blank counts as none.
   */
  reference: z
    .string({ error: 'The payment reference must be text' })
    .trim()
    .max(MAX_PAYMENT_REFERENCE_LENGTH, PAYMENT_REFERENCE_RULE)
    .optional(),
});
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

/** GET /api/admin/users/:uid: one user as staff see them. */
export const adminUserDetail = z.object({
  user: adminUser.extend({
    createdAt: z.string(),
    lastLoginAt: z.string().nullable(),
    totalCreditsUsed: z.number(),
    /** When staff suspended the account, and who; null while it is active. */
    suspendedAt: z.string().nullable(),
    suspendedBy: z.string().nullable(),
  }),
  /** The newest ledger rows, credits and money, newest first. */
  ledger: z.array(ledgerEntry),
  voices: z.array(z.object({ id: z.string(), name: z.string(), engine: z.string(), createdAt: z.string() })),
  /** The newest speech tasks, newest first. */
  tasks: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      engine: z.string(),
      voiceId: z.string(),
      characters: z.number().int(),
      /** The first words of the text, so staff can tell tasks apart without reading them whole. */
      preview: z.string(),
      createdAt: z.string(),
    }),
  ),
  apiKeys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      prefix: z.string(),
      createdAt: z.string(),
      lastUsedAt: z.string().nullable(),
      revokedAt: z.string().nullable(),
    }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetail>;

/** The most ledger rows and tasks the user view lists. */
export const USER_DETAIL_LEDGER_ROWS = 100;
export const USER_DETAIL_TASKS = 20;

/** POST /api/admin/users/:uid/suspend and /reinstate: the account's state afterwards. */
export const suspensionState = z.object({
  uid: z.string(),
  suspendedAt: z.string().nullable(),
  suspendedBy: z.string().nullable(),
});
export type SuspensionState = z.infer<typeof suspensionState>;

/** How long a reset link made by staff works (it works once). */
export const PASSWORD_RESET_LINK_HOURS = 24;

/** POST /api/admin/users/:uid/password-reset-link: a one-time link to pass on to the user. */
export const passwordResetLink = z.object({ url: z.string(), expiresAt: z.string() });
export type PasswordResetLink = z.infer<typeof passwordResetLink>;
