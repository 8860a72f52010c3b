import { type Kysely, sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../src/db/schema.js';

/** Sum of a user's ledger entries for an asset; equals the stored figure when all is well. */
export async function ledgerSum(db: Kysely<Database>, userId: string, asset: 'credits' | 'money'): Promise<number> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<number>`coalesce(sum(amount), 0)`.as('total'))
    .where('user_id', '=', userId)
    .where('asset', '=', asset)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** A user's spendable credits as stored. */
export async function creditsOf(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_accounts')
    .select('credits')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.credits;
}

export async function addTestUser(db: Kysely<Database>, id: string, figures: { credits?: number; balance?: number }) {
  const now = new Date();
  await db
    .insertInto('user')
    .values({
      id,
      name: `User ${id}`,
      email: `${id}@example.test`,
      emailVerified: true,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await db.insertInto('user_accounts').values({ user_id: id }).execute();
  // Opening figures go through the ledger like any other movement, so the sums stay exact.
  const { applyMovement } = await import('../../src/domains/accounts/ledger-repository.js');
  await db.transaction().execute(async (trx) => {
    if (figures.credits) {
      await applyMovement(trx, { userId: id, asset: 'credits', amount: figures.credits, kind: 'signup_grant' });
    }
    if (figures.balance) {
      await applyMovement(trx, { userId: id, asset: 'money', amount: figures.balance, kind: 'admin_add' });
    }
  });
}

/**
 * The ledger invariants of design.md section 7, for every account: no balance below zero, each
 * stored balance equal to the sum of its ledger entries, held credits equal to the open holds.
 */
export async function expectLedgerInvariants(db: Kysely<Database>): Promise<void> {
  const rows = await sql<{
    user_id: string;
    credits: number;
    balance: number;
    held_credits: number;
    credit_sum: number;
    money_sum: number;
    open_holds: number;
  }>`
    select a.user_id, a.credits, a.balance, a.held_credits,
           coalesce((select sum(amount) from ledger_entries l where l.user_id = a.user_id and l.asset = 'credits'), 0) as credit_sum,
           coalesce((select sum(amount) from ledger_entries l where l.user_id = a.user_id and l.asset = 'money'), 0) as money_sum,
           coalesce((select sum(amount) from credit_holds h where h.user_id = a.user_id and h.status = 'open'), 0) as open_holds
      from user_accounts a
  `.execute(db);
  for (const row of rows.rows) {
    const figures = {
      credits: Number(row.credits),
      balance: Number(row.balance),
      held: Number(row.held_credits),
    };
    expect(figures.credits, `credits of ${row.user_id}`).toBeGreaterThanOrEqual(0);
    expect(figures.balance, `balance of ${row.user_id}`).toBeGreaterThanOrEqual(0);
    expect(figures.credits, `credit ledger of ${row.user_id}`).toBe(Number(row.credit_sum));
    expect(figures.balance, `money ledger of ${row.user_id}`).toBeCloseTo(Number(row.money_sum), 2);
    expect(figures.held, `holds of ${row.user_id}`).toBe(Number(row.open_holds));
  }
}

/** How many of a user's credit holds are still open (settled work leaves none). */
export async function openHolds(app: { db: Kysely<Database> }, userId: string): Promise<number> {
  const rows = await app.db
    .selectFrom('credit_holds')
    .select('id')
    .where('user_id', '=', userId)
    .where('status', '=', 'open')
    .execute();
  return rows.length;
}
