import type { CreditPack } from '@sayso/contract/pricing';

/** A display name for a pack from its id, e.g. 'starter' -> 'Starter'. */
export function packName(pack: Pick<CreditPack, 'id'>): string {
  return pack.id.charAt(0).toUpperCase() + pack.id.slice(1);
}

/** What 1,000 credits cost in this pack, in the pack's currency. */
export function pricePerThousand(pack: Pick<CreditPack, 'credits' | 'price'>): number {
  return (pack.price / pack.credits) * 1000;
}

/** How much cheaper per credit a pack is than the reference pack, as a whole percentage (0 when not cheaper). */
export function savingPercent(pack: CreditPack, reference: CreditPack): number {
  const saving = 1 - pricePerThousand(pack) / pricePerThousand(reference);
  return saving > 0 ? Math.round(saving * 100) : 0;
}

/** The pack with the highest price per credit, used as the baseline for savings. */
export function baselinePack(packs: readonly CreditPack[]): CreditPack | undefined {
  return packs.reduce<CreditPack | undefined>(
    (worst, pack) => (!worst || pricePerThousand(pack) > pricePerThousand(worst) ? pack : worst),
    undefined,
  );
}

/** The pack with the lowest price per credit. */
export function bestValuePack(packs: readonly CreditPack[]): CreditPack | undefined {
  return packs.reduce<CreditPack | undefined>(
    (best, pack) => (!best || pricePerThousand(pack) < pricePerThousand(best) ? pack : best),
    undefined,
  );
}
