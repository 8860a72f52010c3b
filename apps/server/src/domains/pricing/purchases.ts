import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { applyMovement } from '../accounts/ledger-repository.js';
import { findPack } from './credit-packs.js';

export interface PurchaseResult {
  purchaseId: string;
  packId: string;
  credits: number;
  price: number;
  currency: string;
  /** Money left after paying. */
  balance: number;
  /** Spendable credits right after the pack was added. */
  creditsAfter: number;
}

/**
 * Buys a credit pack with the money balance, in one transaction: the purchase row (unique per
 * user and idempotency key), the money debit and the credits. A retry with the same key returns
 * the first result; the same key for another pack is refused. Concurrent requests with one key
 * meet at the unique index, where PostgreSQL makes all but the first wait and then find its row.
 */
export async function purchasePack(
  db: Kysely<Database>,
  userId: string,
  packId: string,
  idempotencyKey: string,
): Promise<PurchaseResult> {
  const pack = findPack(packId);
  if (!pack) throw new AppError(404, 'Credit pack not found', 'PACK_NOT_FOUND');
  return db.transaction().execute(async (trx) => {
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
    if (!inserted) return replay(trx, userId, idempotencyKey, pack.id);

    const money = await applyMovement(trx, {
      userId,
      asset: 'money',
      amount: -pack.price,
      kind: 'purchase',
      reason: `Purchase of ${pack.credits.toLocaleString('en-US')} credits`,
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
      purchaseId,
      packId: pack.id,
      credits: pack.credits,
      price: pack.price,
      currency: pack.currency,
      balance: money.after,
      creditsAfter: credits.after,
    };
  });
}

async function replay(
  trx: Kysely<Database>,
  userId: string,
  idempotencyKey: string,
  packId: string,
): Promise<PurchaseResult> {
  const first = await trx
    .selectFrom('purchases')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', idempotencyKey)
    .executeTakeFirstOrThrow();
  if (first.pack_id !== packId) {
    throw new AppError(409, 'This purchase key was already used for a different pack', 'IDEMPOTENCY_KEY_REUSED');
  }
  if (first.balance_after === null || first.credits_after === null) {
    throw new AppError(409, 'This purchase is still being processed', 'PURCHASE_IN_PROGRESS');
  }
  return {
    purchaseId: first.id,
    packId: first.pack_id,
    credits: first.credits,
    price: first.price,
    currency: first.currency,
    balance: first.balance_after,
    creditsAfter: first.credits_after,
  };
}
