import type { BalanceChange } from '@sayso/contract/admin';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { applyMovement } from './ledger-repository.js';

interface MoneyMovement {
  /** Signed, already rounded to whole paisa. */
  amount: number;
  kind: string;
  actor: string;
  reason: string | null;
  paymentReference: string | null;
}

/** Moves a user's money through the ledger in one transaction and reads back their currency. */
export async function changeBalance(
  db: Kysely<Database>,
  userId: string,
  movement: MoneyMovement,
): Promise<Omit<BalanceChange, 'uid'>> {
  return db.transaction().execute(async (trx) => {
    const { paymentReference, ...rest } = movement;
    const { before, after } = await applyMovement(trx, { userId, asset: 'money', ...rest, paymentReference });
    const { currency } = await trx
      .selectFrom('user_accounts')
      .select('currency')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { previousBalance: before, balance: after, currency };
  });
}
