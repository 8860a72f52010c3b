import { randomUUID } from 'node:crypto';
import type { CreditPack, PurchaseResult } from '@sayso/contract/pricing';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { applyMovement } from '../accounts/index.js';

/** A purchase made earlier with the same key; its figures are null until its transaction commits. */
export interface EarlierPurchase {
  id: string;
  packId: string;
  credits: number;
  price: number;
  currency: string;
  balanceAfter: number | null;
  creditsAfter: number | null;
}

type PurchaseOutcome = { made: PurchaseResult } | { earlier: EarlierPurchase };

/**
 * Records a purchase in one transaction: the purchase row (unique per user and idempotency key),
 * the money debit and the credits, both through the ledger. When the key was used before, nothing
 * is written and the earlier purchase is returned instead. Concurrent requests with one key meet
 * at the unique index, where PostgreSQL makes all but the first wait and then find its row.
 */
export async function recordPurchase(
  db: Kysely<Database>,
  purchase: { userId: string; pack: CreditPack; idempotencyKey: string; reason: string },
): Promise<PurchaseOutcome> {
  const { userId, pack, idempotencyKey } = purchase;
  return db.transaction().execute(async (trx): Promise<PurchaseOutcome> => {
    const purchaseId = randomUUID();
    const inserted = await trx
      .insertInto('purchases')
      .values({
        id: purchaseId,
        user_id: userId,
        idempotency_key: idempotencyKey,
        pack_id: pack.id,
        credits: pack.credits,
        price: pack.price,
        currency: pack.currency,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { earlier: await findPurchase(trx, userId, idempotencyKey) };

    const money = await applyMovement(trx, {
      userId,
      asset: 'money',
      amount: -pack.price,
      kind: 'purchase',
      reason: purchase.reason,
      idempotencyKey: `purchase:${idempotencyKey}:money`,
      reference: purchaseId,
    });
    const credits = await applyMovement(trx, {
      userId,
      asset: 'credits',
      amount: pack.credits,
      kind: 'purchase',
      idempotencyKey: `purchase:${idempotencyKey}:credits`,
      reference: purchaseId,
    });
    await trx
      .updateTable('purchases')
      .set({ balance_after: money.after, credits_after: credits.after })
      .where('id', '=', purchaseId)
      .execute();
    return {
      made: {
        purchaseId,
        packId: pack.id,
        credits: pack.credits,
        price: pack.price,
        currency: pack.currency,
        balance: money.after,
        creditsAfter: credits.after,
      },
    };
  });
}

async function findPurchase(
  trx: Transaction<Database>,
  userId: string,
  idempotencyKey: string,
): Promise<EarlierPurchase> {
  const row = await trx
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    packId: row.pack_id,
    credits: row.credits,
    price: row.price,
    currency: row.currency,
    balanceAfter: row.balance_after,
    creditsAfter: row.credits_after,
  };
}
