import type { CreditPack, PurchaseResult } from '@sayso/contract/pricing';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { CREDIT_PACKS, findPack } from './credit-packs.js';
import { type EarlierPurchase, recordPurchase } from './repository.js';

/** The packs on sale, as copies so no caller can change the catalogue. */
export function listCreditPacks(): CreditPack[] {
  return CREDIT_PACKS.map((p) => ({ ...p, features: [...p.features] }));
}

/**
 * Buys a credit pack with the money balance (one transaction, see recordPurchase). A retry with
 * the same key returns the first result; the same key for another pack is refused.
 */
export async function purchasePack(
  db: Kysely<Database>,
  userId: string,
  packId: string,
  idempotencyKey: string,
): Promise<PurchaseResult> {
  const pack = findPack(packId);
  if (!pack) throw new AppError('PACK_NOT_FOUND');
  const reason = `Purchase of ${pack.credits.toLocaleString('en-US')} credits`;
  const outcome = await recordPurchase(db, { userId, pack, idempotencyKey, reason });
  return 'made' in outcome ? outcome.made : replay(outcome.earlier, pack.id);
}

/** The answer of the purchase a key already made, if it was for this pack and is complete. */
function replay(earlier: EarlierPurchase, packId: string): PurchaseResult {
  if (earlier.packId !== packId) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED');
  }
  if (earlier.balanceAfter === null || earlier.creditsAfter === null) {
    throw new AppError('PURCHASE_IN_PROGRESS');
  }
  return {
    purchaseId: earlier.id,
    packId: earlier.packId,
    credits: earlier.credits,
    price: earlier.price,
    currency: earlier.currency,
    balance: earlier.balanceAfter,
    creditsAfter: earlier.creditsAfter,
  };
}
