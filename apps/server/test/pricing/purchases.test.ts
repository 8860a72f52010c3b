import { expect, it } from 'vitest';
import { findPack } from '../../src/domains/pricing/credit-packs.js';
import { purchasePack } from '../../src/domains/pricing/service.js';
import { type DatabaseTarget, describeOnEachDatabase, openMigrated } from '../helpers/databases.js';
import { addTestUser, expectLedgerInvariants } from '../helpers/money.js';

async function openMigratedDb(target: DatabaseTarget) {
  return (await openMigrated(target)).handle.db;
}

const starter = findPack('starter');
if (!starter) throw new Error('the starter pack is missing');

const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error: error instanceof Error ? error.message : String(error) }),
  );

describeOnEachDatabase('credit-pack purchases', (target) => {
  it('lets exactly one of 50 concurrent purchases through when the money covers one pack', async () => {
    const db = await openMigratedDb(target);
    await addTestUser(db, 'buyer', { credits: 10_000, balance: starter.price });
    await addTestUser(db, 'bystander', { credits: 10_000, balance: 50 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => outcome(purchasePack(db, 'buyer', 'starter', `race-key-${i}`))),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error))).toEqual(
      Array(49).fill('Insufficient balance'),
    );
    const account = await db
      .selectFrom('user_accounts')
      .selectAll()
      .where('user_id', '=', 'buyer')
      .executeTakeFirstOrThrow();
    expect(account.balance).toBe(0);
    expect(account.credits).toBe(10_000 + starter.credits);
    await expectLedgerInvariants(db);
  });

  it('makes one purchase of a key sent 20 times at once and 20 times in turn, with identical answers', async () => {
    const db = await openMigratedDb(target);
    await addTestUser(db, 'repeat', { balance: starter.price * 5 });
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () => purchasePack(db, 'repeat', 'starter', 'same-key-1')),
    );
    const sequential = [];
    for (let i = 0; i < 20; i += 1) sequential.push(await purchasePack(db, 'repeat', 'starter', 'same-key-1'));
    const first = concurrent[0];
    for (const answer of [...concurrent, ...sequential]) expect(answer).toEqual(first);
    const purchases = await db.selectFrom('purchases').selectAll().where('user_id', '=', 'repeat').execute();
    expect(purchases).toHaveLength(1);
    const entries = await db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('reference', '=', first?.purchaseId ?? '')
      .execute();
    expect(entries.map((e) => e.asset).sort()).toEqual(['credits', 'money']);
    expect(first?.balance).toBe(starter.price * 4);
    await expect(purchasePack(db, 'repeat', 'creator', 'same-key-1')).rejects.toThrow(
      'This purchase key was already used for a different pack',
    );
    await expectLedgerInvariants(db);
  });
});
