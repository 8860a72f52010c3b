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

/**
 * About how many characters a minute of speech reads: a calm narrator's pace, the same figure
 * the product's copy uses elsewhere (10,000 credits are roughly ten minutes).
 */
export const CHARACTERS_PER_MINUTE = 1_000;

/** Roughly how many hours of speech a pack's credits read, to the nearest hour (at least one). */
export function hoursOfSpeech(pack: Pick<CreditPack, 'credits'>): number {
  return Math.max(1, Math.round(pack.credits / CHARACTERS_PER_MINUTE / 60));
}

/**
 * A smaller pack that costs less per credit than this one (the cheapest per credit of them), or
 * undefined. Prices do not fall steadily with size, and a card says so rather than let a buyer assume it.
 */
export function cheaperSmallerPack(pack: CreditPack, packs: readonly CreditPack[]): CreditPack | undefined {
  const cheaper = packs.filter(
    (other) => other.credits < pack.credits && pricePerThousand(other) < pricePerThousand(pack),
  );
  return bestValuePack(cheaper);
}

/** The features every pack lists, said once for all of them rather than repeated on each card. */
export function sharedFeatures(packs: readonly CreditPack[]): string[] {
  const [first, ...rest] = packs;
  if (!first) return [];
  return first.features.filter((feature) => rest.every((pack) => pack.features.includes(feature)));
}
