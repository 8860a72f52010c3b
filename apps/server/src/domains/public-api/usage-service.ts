import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { getUserDocument } from '../accounts/index.js';
import { type ApiPrincipal, monthCharactersOf } from '../api-keys/index.js';
import { listClonedVoices, MAX_CLONED_VOICES } from '../voices/index.js';

/**
 * What a key has spoken and may still speak, in characters, for tools that read ElevenLabs'
 * `character_count` and `character_limit` (docs/api.md, "Usage").
 *
 * Credits are one per character and never expire, so Sayso has no monthly allowance of its own:
 * the count is what this key was charged this calendar month (UTC), and the limit is that count
 * plus what the key may still speak, the owner's credits or, under a monthly cap, the smaller of
 * those and what is left of the cap. Speaking moves the count and leaves the limit (count plus the
 * credits that paid for it) where it was; buying credits raises the limit.
 */
export interface KeyUsage {
  userId: string;
  userName: string;
  userCreatedAt: Date;
  /** The account's currency, as ISO 4217 (for the money fields ElevenLabs' shape has). */
  currency: string;
  characterCount: number;
  characterLimit: number;
  /** The key's monthly cap, or null when it has none. */
  monthlyCap: number | null;
  /** When the count starts again from 0: the first instant of next month, UTC. */
  resetsAt: Date;
  clonedVoices: number;
  clonedVoiceLimit: number;
}

export class ApiUsageService {
  constructor(private readonly db: Kysely<Database>) {}

  async usage(principal: ApiPrincipal, now = new Date()): Promise<KeyUsage> {
    const [user, charactersThisMonth, cloned] = await Promise.all([
      getUserDocument(this.db, principal.userId),
      monthCharactersOf(this.db, principal.keyId),
      listClonedVoices(this.db, principal.userId, MAX_CLONED_VOICES),
    ]);
    const cap = principal.monthlyCharacterCap;
    const leftToSpeak = cap === null ? user.credits : Math.min(user.credits, Math.max(0, cap - charactersThisMonth));
    return {
      userId: principal.userId,
      userName: user.name ?? '',
      userCreatedAt: new Date(user.createdAt),
      currency: user.currency,
      characterCount: charactersThisMonth,
      characterLimit: charactersThisMonth + leftToSpeak,
      monthlyCap: cap,
      resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
      clonedVoices: cloned.length,
      clonedVoiceLimit: MAX_CLONED_VOICES,
    };
  }
}
