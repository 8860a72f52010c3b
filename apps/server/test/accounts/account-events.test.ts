import { describe, expect, it, onTestFinished } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { AccountEvents } from '../../src/domains/accounts/account-events.js';
import { applyMovement } from '../../src/domains/accounts/ledger-repository.js';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase, openMigrated } from '../helpers/databases.js';
import { addTestUser } from '../helpers/money.js';
import { signedInUser } from '../helpers/sessions.js';

async function listen(handle: DatabaseHandle, userId: string) {
  const events = new AccountEvents();
  await events.start(handle);
  onTestFinished(() => events.stop());
  const seen: number[] = [];
  events.subscribe(userId, () => seen.push(Date.now()));
  return seen;
}

describeOnEachDatabase('account events', (target) => {
  it('announce a committed ledger movement to the user’s listeners, and only to theirs', async () => {
    const { handle } = await openMigrated(target);
    await addTestUser(handle.db, 'alice', {});
    await addTestUser(handle.db, 'bob', {});
    const alice = await listen(handle, 'alice');
    const bob = await listen(handle, 'bob');
    await handle.db
      .transaction()
      .execute((trx) => applyMovement(trx, { userId: 'alice', asset: 'money', amount: 250, kind: 'admin_adjustment' }));
    await expect.poll(() => alice.length, { timeout: 3_000 }).toBe(1);
    expect(bob).toEqual([]);
  });

  it('stay silent when the transaction rolls back', async () => {
    const { handle } = await openMigrated(target);
    await addTestUser(handle.db, 'carol', {});
    const carol = await listen(handle, 'carol');
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await applyMovement(trx, { userId: 'carol', asset: 'money', amount: 100, kind: 'admin_adjustment' });
        throw new Error('abandon the transaction');
      }),
    ).rejects.toThrow('abandon');
    // A committed movement afterwards proves the listener works, and that it is the only notice.
    await handle.db
      .transaction()
      .execute((trx) => applyMovement(trx, { userId: 'carol', asset: 'money', amount: 5, kind: 'admin_adjustment' }));
    await expect.poll(() => carol.length, { timeout: 3_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(carol.length).toBe(1);
  });

  if (target.name === 'PostgreSQL server') {
    it('reach a listener in another process sharing the database', async () => {
      const { handle, database } = await openMigrated(target);
      await addTestUser(handle.db, 'dave', {});
      // A second handle stands for a second API instance: its own pool and its own listener.
      const other = await openDatabase(database);
      onTestFinished(() => other.close());
      const dave = await listen(other, 'dave');
      await handle.db
        .transaction()
        .execute((trx) => applyMovement(trx, { userId: 'dave', asset: 'credits', amount: 10, kind: 'signup_grant' }));
      await expect.poll(() => dave.length, { timeout: 3_000 }).toBe(1);
    });
  }
});

describe('shutting down with live account streams open', () => {
  it('ends the streams so the server closes promptly', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const response = await fetch(`${address}/api/me/events`, { headers: { cookie: user.cookie } });
    const reader = response.body?.getReader();
    await reader?.read();
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    // The client sees its stream end instead of hanging.
    let done = false;
    while (!done) done = (await reader?.read())?.done ?? true;
  });
});
