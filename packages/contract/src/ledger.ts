import { z } from 'zod';

/**
 * One row of a user's ledger as staff (the admin user view) and the user (billing on /account)
 * read it: every movement of credits or money, newest first. `paymentReference` is what staff
 * recorded for the payment a top-up follows; `kind` says what moved it (admin_add, admin_deduct,
 * purchase, signup_grant, default_grant, hold, release).
 */
export const ledgerEntry = z.object({
  id: z.number().int(),
  asset: z.enum(['credits', 'money']),
  kind: z.string(),
  /** Signed: positive added, negative taken away. */
  amount: z.number(),
  balanceBefore: z.number(),
  balanceAfter: z.number(),
  /** Who moved it: an admin's name, 'system', or null. */
  actor: z.string().nullable(),
  reason: z.string().nullable(),
  paymentReference: z.string().nullable(),
  createdAt: z.string(),
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;
