import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKey, ApiKeyCreate, ApiKeyCreated, ApiKeyScope } from '@sayso/contract/api-keys';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { refuseIfSuspended } from '../accounts/index.js';
import {
  findKeyByHash,
  insertKey,
  listKeys,
  revokeKey,
  type StoredKey,
  signingSecretFor,
  touchKey,
} from './repository.js';

/** Marks the string as a Sayso key, so secret scanners and people can tell what leaked. */
const SECRET_PREFIX = 'sk_sayso_';
/** Shown in lists: the marker and a few random characters, far too few to guess the rest from. */
const SHOWN_PREFIX_LENGTH = SECRET_PREFIX.length + 6;
/** The most keys one user may hold at once, revoked ones included (they stay listed). */
const MAX_KEYS_PER_USER = 50;

/** A request's key once its secret checked out: whose it is and what it may do. */
export interface ApiPrincipal {
  keyId: string;
  keyName: string;
  userId: string;
  scopes: ApiKeyScope[];
  monthlyCharacterCap: number | null;
}

const hashSecret = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** Last-used times are written at most this often per key, so a busy key does not write on every request. */
const TOUCH_INTERVAL_MS = 10_000;

/** API keys: made, listed and revoked by their owner in the web app, checked on every API request. */
export class ApiKeyService {
  private readonly lastTouched = new Map<string, number>();

  constructor(private readonly db: Kysely<Database>) {}

  async create(userId: string, request: ApiKeyCreate): Promise<ApiKeyCreated> {
    const existing = await listKeys(this.db, userId);
    if (existing.length >= MAX_KEYS_PER_USER) {
      throw new AppError('TOO_MANY_KEYS', MAX_KEYS_PER_USER);
    }
    const secret = `${SECRET_PREFIX}${randomBytes(24).toString('base64url')}`;
    const stored = await insertKey(this.db, {
      id: randomUUID(),
      user_id: userId,
      name: request.name,
      prefix: secret.slice(0, SHOWN_PREFIX_LENGTH),
      secret_hash: hashSecret(secret),
      scopes: [...new Set(request.scopes)],
      monthly_character_cap: request.monthlyCharacterCap ?? null,
    });
    return { key: keyView(stored), secret };
  }

  async list(userId: string): Promise<ApiKey[]> {
    return (await listKeys(this.db, userId)).map(keyView);
  }

  async revoke(userId: string, keyId: string): Promise<void> {
    if (!(await revokeKey(this.db, userId, keyId))) throw new AppError('API_KEY_NOT_FOUND');
  }

  /**
   * The key a secret belongs to: null when it is unknown, 'revoked' when it was revoked; an
   * ACCOUNT_SUSPENDED error while staff have suspended its owner. Looked up
   * in the database on every request, never cached, so a revoke holds at once in every process.
   */
  async authenticate(secret: string | undefined): Promise<ApiPrincipal | 'revoked' | null> {
    if (!secret?.startsWith(SECRET_PREFIX)) return null;
    const key = await findKeyByHash(this.db, hashSecret(secret));
    if (!key) return null;
    if (key.revoked_at) return 'revoked';
    // A suspended owner's keys are refused with that reason (403), and work again on reinstatement.
    await refuseIfSuspended(this.db, key.user_id);
    const now = Date.now();
    if (now - (this.lastTouched.get(key.id) ?? 0) >= TOUCH_INTERVAL_MS) {
      this.lastTouched.set(key.id, now);
      await touchKey(this.db, key.id);
    }
    return {
      keyId: key.id,
      keyName: key.name,
      userId: key.user_id,
      scopes: key.scopes as ApiKeyScope[],
      monthlyCharacterCap: key.monthly_character_cap,
    };
  }

  signingSecret(userId: string): Promise<string> {
    return signingSecretFor(this.db, userId);
  }
}

function keyView(key: StoredKey): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes as ApiKeyScope[],
    monthlyCharacterCap: key.monthly_character_cap,
    charactersThisMonth: Number(key.characters_this_month),
    createdAt: key.created_at.toISOString(),
    lastUsedAt: key.last_used_at?.toISOString() ?? null,
    revokedAt: key.revoked_at?.toISOString() ?? null,
  };
}
