import type { CreditPack } from '@sayso/contract/pricing';

/** The features every credit pack lists (spec section 9). */
const PACK_FEATURES = [
  'Generate AI voices',
  'Clone custom voices',
  'High-quality audio output',
  'Multiple language support',
  'Credits never expire',
];

function pack(id: string, credits: number, price: number): CreditPack {
  return { id, credits, price, currency: 'PKR', features: [...PACK_FEATURES] };
}

/** The six one-time credit packs, smallest first. Prices are in PKR. */
export const CREDIT_PACKS: readonly CreditPack[] = [
  pack('starter', 1_000_000, 3_000),
  pack('creator', 3_000_000, 5_500),
  pack('studio', 5_000_000, 7_700),
  pack('pro', 7_000_000, 12_000),
  pack('business', 10_000_000, 15_000),
  pack('enterprise', 20_000_000, 28_000),
];

export function findPack(id: string): CreditPack | undefined {
  return CREDIT_PACKS.find((p) => p.id === id);
}
