import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { captureHoldIn, holdCreditsIn, releaseHoldIn } from '../../src/domains/accounts/credits-repository.js';
import { addBalance, creditCost, deductBalance } from '../../src/domains/accounts/service.js';
import { purchasePack } from '../../src/domains/pricing/service.js';
import { type DatabaseTarget, describeOnEachDatabase, openMigrated } from '../helpers/databases.js';
import { addTestUser, creditsOf, expectLedgerInvariants } from '../helpers/money.js';

async function openMigratedDb(target: DatabaseTarget) {
  return (await openMigrated(target)).handle.db;
}

// Each hold step in a transaction of its own, as a speech task's submission and settlement are.
const holdCredits = (db: Kysely<Database>, userId: string, amount: number) =>
  db.transaction().execute((trx) => holdCreditsIn(trx, userId, amount));
const captureHold = (db: Kysely<Database>, holdId: string) =>
  db.transaction().execute((trx) => captureHoldIn(trx, holdId));
const releaseHold = (db: Kysely<Database>, holdId: string) =>
  db.transaction().execute((trx) => releaseHoldIn(trx, holdId));

const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }),
  );

it('prices a text at its trimmed length, at least 1', () => {
  expect(creditCost('  hello  ')).toBe(5);
  expect(creditCost('')).toBe(1);
  expect(creditCost('   ')).toBe(1);
  expect(creditCost(42)).toBe(1);
  expect(creditCost('héllo wörld')).toBe(11);
});

describeOnEachDatabase('money', (target) => {
  it('lets 5 of 10 concurrent holds of 200 through on 1,000 credits, and settles them exactly', async () => {
    const db = await openMigratedDb(target);
    await addTestUser(db, 'holder', { credits: 1_000 });
    const results = await Promise.all(Array.from({ length: 10 }, () => outcome(holdCredits(db, 'holder', 200))));
    const held = results.flatMap((r) => (r.ok ? [r.value as { holdId: string }] : []));
    expect(held).toHaveLength(5);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error))).toEqual(
      Array(5).fill('Insufficient credits'),
    );
    expect(await creditsOf(db, 'holder')).toBe(0);
    await expectLedgerInvariants(db);

    const [a, b, ...rest] = held;
    if (!a || !b) throw new Error('expected holds');
    expect(await captureHold(db, a.holdId)).toEqual({ userId: 'holder', deductedCredits: 200, remainingCredits: 0 });
    expect(await releaseHold(db, b.holdId)).toBe(true);
    // Settled holds stay settled: a second release or capture changes nothing.
    expect(await releaseHold(db, b.holdId)).toBe(false);
    await expect(captureHold(db, a.holdId)).rejects.toThrow('already settled');
    await Promise.all(rest.map((h) => releaseHold(db, h.holdId)));
    const account = await db
      .selectFrom('user_accounts')
      .selectAll()
      .where('user_id', '=', 'holder')
      .executeTakeFirstOrThrow();
    expect(account).toMatchObject({ credits: 800, held_credits: 0, total_credits_used: 200 });
    await expectLedgerInvariants(db);
  });

  it('checks amounts and balances on add and deduct, naming the admin', async () => {
    const db = await openMigratedDb(target);
    await addTestUser(db, 'payee', {});
    await expect(addBalance(db, 'payee', 0, 'Ops')).rejects.toThrow('Amount must be greater than 0');
    await expect(addBalance(db, 'payee', -5, 'Ops')).rejects.toThrow('Amount must be greater than 0');
    await expect(addBalance(db, 'nobody', 5, 'Ops')).rejects.toThrow('User not found');
    expect(await addBalance(db, 'payee', 500, 'Ops')).toEqual({ previousBalance: 0, balance: 500, currency: 'PKR' });
    await expect(deductBalance(db, 'payee', 500.01, 'Ops')).rejects.toThrow('Insufficient balance');
    expect(await deductBalance(db, 'payee', 199.995, 'Ops')).toEqual({
      previousBalance: 500,
      balance: 300,
      currency: 'PKR',
    });
    const entries = await db
      .selectFrom('ledger_entries')
      .select(['amount', 'actor', 'reason'])
      .where('user_id', '=', 'payee')
      .where('kind', 'like', 'admin_%')
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { amount: 500, actor: 'Ops', reason: null },
      { amount: -200, actor: 'Ops', reason: 'Balance correction by Ops' },
    ]);
    await expectLedgerInvariants(db);
  });

  it('keeps every invariant through a long seeded run of random operations', async () => {
    const db = await openMigratedDb(target);
    const users = ['p1', 'p2', 'p3'];
    for (const id of users) await addTestUser(db, id, { credits: 5_000, balance: 4_000 });
    // A small deterministic generator (mulberry32): a failure names its seed and step.
    let seed = 20261122;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
    const openHolds: string[] = [];
    const steps = target.name === 'PGlite' ? 3_000 : 2_000;
    for (let step = 0; step < steps; step += 1) {
      const user = pick(users);
      const roll = random();
      const attempt =
        roll < 0.1
          ? purchasePack(db, user, 'starter', `prop-${step}`)
          : roll < 0.3
            ? addBalance(db, user, Math.round(random() * 200_000) / 100, 'Prop')
            : roll < 0.45
              ? deductBalance(db, user, Math.round(random() * 300_000) / 100, 'Prop')
              : roll < 0.7
                ? holdCredits(db, user, 1 + Math.floor(random() * 3_000)).then((h) => openHolds.push(h.holdId))
                : roll < 0.85 && openHolds.length > 0
                  ? captureHold(db, openHolds.splice(Math.floor(random() * openHolds.length), 1)[0] ?? '')
                  : openHolds.length > 0
                    ? releaseHold(db, openHolds.splice(Math.floor(random() * openHolds.length), 1)[0] ?? '')
                    : Promise.resolve();
      const result = await outcome(attempt);
      if (!result.ok) expect(['Insufficient balance', 'Insufficient credits']).toContain(result.error);
      if (step % 10 === 0 || step === steps - 1) await expectLedgerInvariants(db);
    }
  }, 180_000);
});
