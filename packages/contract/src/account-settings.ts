import { z } from 'zod';

/**
 * The account page (/account): the signed-in user's own name, email, password, sessions, billing,
 * data export and deletion. Every route is under /api/account and needs a session.
 */

/** Who the user is, and whether a password of theirs can confirm changes. */
export const accountProfile = z.object({
  name: z.string(),
  email: z.string(),
  /** False for accounts that sign in only through Google or another identity provider. */
  hasPassword: z.boolean(),
  createdAt: z.string(),
});
export type AccountProfile = z.infer<typeof accountProfile>;

/** PATCH /api/account/profile. Words for bad input come from the server's error codes. */
export const profileUpdate = z.object({ name: z.string() });
export type ProfileUpdate = z.infer<typeof profileUpdate>;

/** POST /api/account/email: a new address, confirmed with the current password. */
export const emailChange = z.object({ email: z.string(), password: z.string() });
export type EmailChange = z.infer<typeof emailChange>;

/** POST /api/account/password. */
export const passwordChange = z.object({ currentPassword: z.string(), newPassword: z.string() });
export type PasswordChange = z.infer<typeof passwordChange>;

export const passwordChanged = z.object({
  /** How many other sessions were signed out with the change. */
  otherSessionsEnded: z.number().int(),
});
export type PasswordChanged = z.infer<typeof passwordChanged>;

/** One signed-in browser or device. */
export const accountSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  expiresAt: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSession>;

export const accountSessionList = z.object({ sessions: z.array(accountSession) });
export type AccountSessionList = z.infer<typeof accountSessionList>;

export const otherSessionsEnded = z.object({ ended: z.number().int() });
export type OtherSessionsEnded = z.infer<typeof otherSessionsEnded>;

/** One movement of the user's money or credits, as their billing list shows it. */
export const billingEntry = z.object({
  id: z.number(),
  at: z.string(),
  asset: z.enum(['credits', 'money']),
  /** Signed: positive adds, negative takes away. */
  amount: z.number(),
  balanceAfter: z.number(),
  /** What happened: top_up, deduction, purchase, grant, or another ledger kind. */
  kind: z.string(),
  /** The words a person reads for the kind. */
  label: z.string(),
  /** The payment reference staff recorded with a top-up, when there is one. */
  paymentReference: z.string().nullable(),
});
export type BillingEntry = z.infer<typeof billingEntry>;

export const creditsSpentOnDay = z.object({ day: z.string(), credits: z.number() });
export type CreditsSpentOnDay = z.infer<typeof creditsSpentOnDay>;

export const billingPurchase = z.object({
  id: z.string(),
  at: z.string(),
  packId: z.string(),
  credits: z.number(),
  price: z.number(),
  currency: z.string(),
});
export type BillingPurchase = z.infer<typeof billingPurchase>;

/** GET /api/account/billing: money movements (top-ups with their reference), purchases, daily use. */
export const accountBilling = z.object({
  currency: z.string(),
  balance: z.number(),
  credits: z.number(),
  /** Money movements, newest first. */
  money: z.array(billingEntry),
  purchases: z.array(billingPurchase),
  /** Credits spent on each of the last 30 days that had any, newest first (UTC days). */
  creditsPerDay: z.array(creditsSpentOnDay),
});
export type AccountBilling = z.infer<typeof accountBilling>;

/** POST /api/account/delete: the account's email typed again, as the confirmation. */
export const accountDeletion = z.object({ confirmEmail: z.string() });
export type AccountDeletion = z.infer<typeof accountDeletion>;

export const accountDeleted = z.object({
  deleted: z.literal(true),
  /** What was forfeited with the account. */
  forfeitedCredits: z.number(),
  forfeitedBalance: z.number(),
  currency: z.string(),
});
export type AccountDeleted = z.infer<typeof accountDeleted>;
