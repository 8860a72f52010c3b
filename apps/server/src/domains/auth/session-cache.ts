import type { SignedInUser } from './service.js';

/** What a cached session answers with, and when it must be read from the database again. */
export interface CachedSession {
  user: SignedInUser;
  /** When the session began (ms), for the absolute lifetime. */
  createdAt: number;
  /** When the session expires (ms): an entry never outlives its session. */
  expiresAt: number;
}

interface Entry extends CachedSession {
  /** Until when this entry may answer without the database (ms). */
  freshUntil: number;
}

/** Enough for every signed-in user of a busy installation; beyond it the oldest entries go first. */
const MAX_ENTRIES = 10_000;

/**
 * Sessions recently read from the database, by the signed session cookie that named them, so a
 * poll does not read the session on every request. An entry answers for at most `ttlMs`:
 * a session ended by another process (a sign-out handled by another API instance) is honoured
 * within that window. Anything this process does that can end or change a session clears the
 * whole cache at once, so here revocation is immediate.
 *
 * A lookup that started before a clear must not store what it read: the session may have ended
 * in between. `generation` counts clears; `set` refuses an entry read under an older one.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private clears = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get generation(): number {
    return this.clears;
  }

  get(key: string): CachedSession | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.freshUntil <= this.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, session: CachedSession, readAtGeneration: number): void {
    if (this.ttlMs <= 0 || readAtGeneration !== this.clears) return;
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { ...session, freshUntil: Math.min(this.now() + this.ttlMs, session.expiresAt) });
  }

  /** Forgets every session: something in this process may have ended or changed one. */
  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }
}

/**
 * The signed session cookie of a Cookie header (better-auth's `sayso.session_token`, with the
 * `__Secure-` prefix over HTTPS), the cache's key; null when there is none, or more than one (which
 * one better-auth reads is then its business, so such a request is never cached). The value
 * includes its signature, so only a cookie that better-auth accepted before can find an entry.
 */
export function sessionCookieValue(cookie: string | undefined): string | null {
  if (!cookie) return null;
  let found: string | null = null;
  for (const part of cookie.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    const name = part.slice(0, separator).trim();
    if (name !== 'sayso.session_token' && name !== '__Secure-sayso.session_token') continue;
    const value = part.slice(separator + 1).trim();
    if (found !== null || value === '') return null;
    found = `${name}=${value}`;
  }
  return found;
}
