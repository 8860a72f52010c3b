import { getMe } from '@/lib/account/get-me';
import { DEFAULT_CREDITS } from './account-figures';

/**
 * The characters of a text that are charged for, counted as the server counts them: after trimming,
 * one per character as people see it (code point), so an emoji is one and surrounding spaces none.
 */
export const chargedCharacters = (text: string): number => [...text.trim()].length;

/** What a text costs: one credit per character after trimming, at least one (spec section 9). */
export function creditCost(text: unknown): number {
  if (typeof text !== 'string') return 1;
  return Math.max(1, chargedCharacters(text));
}

/** The spendable credits, or 0 when they cannot be read (spec section 8: reading credits returns 0 on error). */
export async function readCredits(): Promise<number> {
  try {
    return (await getMe()).credits ?? DEFAULT_CREDITS;
  } catch {
    return 0;
  }
}

/**
 * Whether the credits cover a cost; false when they cannot be read. Only a hint for the screen:
 * the server holds the credits when work is submitted and refuses if they do not suffice.
 */
export async function hasEnoughCredits(cost: number): Promise<boolean> {
  try {
    const credits = (await getMe()).credits ?? DEFAULT_CREDITS;
    return credits >= Math.max(1, Math.ceil(cost));
  } catch {
    return false;
  }
}
