import { randomUUID } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { applyMovement } from '../ledger-repository.js';

/**
 * What the account page reads and what deleting an account writes. Export and deletion are about
 * the user as a whole, so, like the backup, they read the rows other domains keep about the user
 * (tasks, sentences, projects) by user id; those rows go with the user by their foreign keys'
 * cascade, and cloned voices through the voices domain (decision 0052).
 */

type Db = Kysely<Database>;

/** How many money movements and purchases the billing list shows. */
const BILLING_ROWS = 200;
/** The days the credits-per-day list covers. */
const USAGE_DAYS = 30;

export async function findProfileRow(db: Db, userId: string) {
  return db
    .selectFrom('user')
    .leftJoin('user_accounts', 'user_accounts.user_id', 'user.id')
    .select([
      'user.id',
      'user.name',
      'user.email',
      'user.createdAt',
      'user_accounts.credits',
      'user_accounts.balance',
      'user_accounts.currency',
      'user_accounts.total_credits_used as totalCreditsUsed',
      'user_accounts.last_login_at as lastLoginAt',
    ])
    .where('user.id', '=', userId)
    .executeTakeFirst();
}

/** The providers the user signs in with ('credential' is email and password). */
export async function signInProviders(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('account').select('providerId').where('userId', '=', userId).execute();
  return rows.map((row) => row.providerId);
}

export async function moneyEntries(db: Db, userId: string) {
  return db
    .selectFrom('ledger_entries')
    .select(['id', 'created_at', 'asset', 'amount', 'balance_after', 'kind', 'payment_reference'])
    .where('user_id', '=', userId)
    .where('asset', '=', 'money')
    .orderBy('id', 'desc')
    .limit(BILLING_ROWS)
    .execute();
}

export async function purchaseRows(db: Db, userId: string, limit = BILLING_ROWS) {
  return db
    .selectFrom('purchases')
    .select(['id', 'created_at', 'pack_id', 'credits', 'price', 'currency'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Credits spent per UTC day over the last 30 days, newest first: each captured hold counts on the
 * day it was settled, less what of it was given back (a stream whose client left pays for part).
 */
export async function creditsSpentPerDay(db: Db, userId: string): Promise<{ day: string; credits: number }[]> {
  const { rows } = await sql<{ day: string; credits: string | number }>`
    SELECT to_char(h.settled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day,
           sum(h.amount - coalesce((
             SELECT sum(e.amount) FROM ledger_entries e
              WHERE e.reference = h.id AND e.asset = 'credits' AND e.kind = 'release'
           ), 0)) AS credits
      FROM credit_holds h
     WHERE h.user_id = ${userId} AND h.status = 'captured'
       AND h.settled_at >= now() - make_interval(days => ${USAGE_DAYS})
     GROUP BY 1
     ORDER BY 1 DESC
  `.execute(db);
  return rows.map((row) => ({ day: row.day, credits: Number(row.credits) })).filter((row) => row.credits > 0);
}

/** Every ledger row of the user, oldest first, for the export. */
export async function allLedgerRows(db: Db, userId: string) {
  return db
    .selectFrom('ledger_entries')
    .select([
      'id',
      'created_at',
      'asset',
      'amount',
      'balance_before',
      'balance_after',
      'kind',
      'actor',
      'reason',
      'reference',
      'payment_reference',
    ])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

/** The user's speech tasks with their files, oldest first, for the export. */
export async function historyRows(db: Db, userId: string) {
  return db
    .selectFrom('speech_tasks')
    .select([
      'id',
      'created_at',
      'finished_at',
      'status',
      'engine',
      'voice_id',
      'model_id',
      'text',
      'settings',
      'duration_ms',
      'audio_key',
      'transcript_key',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function clonedVoiceRows(db: Db, userId: string) {
  return db
    .selectFrom('cloned_voices')
    .select(['id', 'voice_name', 'language', 'engine', 'approximate', 'created_at', 'sample_key', 'preview_key'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function projectRows(db: Db, userId: string) {
  return db
    .selectFrom('projects')
    .select(['id', 'title', 'author', 'created_at', 'updated_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** Every stored file the user's tasks, sentences and projects name (voices' files go with the voices). */
export async function storedFileKeys(db: Db, userId: string): Promise<string[]> {
  const { rows } = await sql<{ key: string | null }>`
    SELECT audio_key AS key FROM speech_tasks WHERE user_id = ${userId}
    UNION SELECT transcript_key FROM speech_tasks WHERE user_id = ${userId}
    UNION SELECT file_key FROM sentence_audio WHERE user_id = ${userId}
    UNION SELECT cover_key FROM projects WHERE user_id = ${userId}
  `.execute(db);
  return rows.flatMap((row) => (row.key ? [row.key] : []));
}

export interface Forfeited {
  credits: number;
  balance: number;
  currency: string;
}

/**
 * Closes the user's books and removes the user, in the caller's transaction: what is left of their
 * credits and money is forfeited through the ledger (so their rows sum to zero), the rows are
 * handed a pseudonym in place of the user, and the user goes, with everything that cascades
 * from them (sessions, sign-in methods, account, tasks, holds, purchases, keys, projects).
 */
export async function closeAccountIn(trx: Transaction<Database>, userId: string): Promise<Forfeited> {
  const account = await trx
    .selectFrom('user_accounts')
    .select(['credits', 'balance', 'currency'])
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  const credits = Number(account?.credits ?? 0);
  const balance = Number(account?.balance ?? 0);
  const reason = 'Account deleted: remaining credits and balance forfeited';
  if (credits > 0) {
    await applyMovement(trx, {
      userId,
      asset: 'credits',
      amount: -credits,
      kind: 'account_deleted',
      actor: 'system',
      reason,
    });
  }
  if (balance > 0) {
    await applyMovement(trx, {
      userId,
      asset: 'money',
      amount: -balance,
      kind: 'account_deleted',
      actor: 'system',
      reason,
    });
  }
  await trx
    .updateTable('ledger_entries')
    .set({ user_id: null, former_account: `deleted-${randomUUID()}` })
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('user').where('id', '=', userId).execute();
  return { credits, balance, currency: account?.currency ?? 'PKR' };
}

/** The ledger's totals against the accounts' figures: equal while the books add up. */
export async function booksTotals(db: Db) {
  const { rows } = await sql<{ ledger_credits: string; ledger_money: string; credits: string; balance: string }>`
    SELECT (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE asset = 'credits') AS ledger_credits,
           (SELECT coalesce(sum(amount), 0) FROM ledger_entries WHERE asset = 'money') AS ledger_money,
           (SELECT coalesce(sum(credits), 0) FROM user_accounts) AS credits,
           (SELECT coalesce(sum(balance), 0) FROM user_accounts) AS balance
  `.execute(db);
  const row = rows[0];
  return {
    ledgerCredits: Number(row?.ledger_credits ?? 0),
    ledgerMoney: Number(row?.ledger_money ?? 0),
    credits: Number(row?.credits ?? 0),
    balance: Number(row?.balance ?? 0),
  };
}
