import { z } from 'zod';

/** One money movement as the spec's balanceHistory shows it, newest first. */
export const balanceEntry = z.object({
  amount: z.number(),
  previousBalance: z.number(),
  newBalance: z.number(),
  addedBy: z.string().optional(),
  reason: z.string().optional(),
  timestamp: z.string(),
  type: z.enum(['credit', 'debit']),
});
export type BalanceEntry = z.infer<typeof balanceEntry>;

/** The signed-in user's document (spec section 3), GET /api/me. */
export const userDocument = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  lastLoginAt: z.string().nullable(),
  credits: z.number(),
  totalCreditsUsed: z.number(),
  balance: z.number(),
  currency: z.string(),
  balanceHistory: z.array(balanceEntry),
  createdAt: z.string(),
  lastUpdated: z.string(),
});
export type UserDocument = z.infer<typeof userDocument>;

/** The figures an `account` event of GET /api/me/events carries whenever they change. */
export const accountFigures = z.object({
  credits: z.number(),
  balance: z.number(),
  currency: z.string(),
  totalCreditsUsed: z.number(),
});
export type AccountFigures = z.infer<typeof accountFigures>;

/** Which sign-in methods this installation offers. */
export const signInOptions = z.object({
  local: z.boolean(),
  google: z.boolean(),
  oidc: z.object({ name: z.string() }).nullable(),
  /** "Forgot password?" mails a reset link (outgoing mail is configured); otherwise staff reset passwords. */
  passwordReset: z.boolean().optional(),
});
export type SignInOptions = z.infer<typeof signInOptions>;

/** The spec's `user` cookie: who is signed in, for display only (the server never trusts it). */
export const userCookieValue = userDocument.pick({
  uid: true,
  email: true,
  name: true,
  displayName: true,
  photo: true,
});
export type UserCookieValue = z.infer<typeof userCookieValue>;
