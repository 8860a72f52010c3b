import { type Kysely, sql } from 'kysely';
import { expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.js';
import { errorMessage } from '../../src/http/error-codes.js';
import { addMonthCharactersIn, refundMonthCharactersIn } from '../../src/domains/api-keys/index.js';
import { insertKey } from '../../src/domains/api-keys/repository.js';
import type { NewTask } from '../../src/domains/speech/repository.js';
import { failureOf } from '../../src/domains/speech/task-failure.js';
import {
  completeTask,
  createTask,
  endTaskPartly,
  failTask,
  startTask,
} from '../../src/domains/speech/task-lifecycle.js';
import { describeOnEachDatabase, openMigrated } from '../helpers/databases.js';
import { addTestUser, creditsOf, expectLedgerInvariants } from '../helpers/money.js';

const STARTING_CREDITS = 1_000;
const TEXT = 'Thirty-seven characters are held now.';

const taskFor = (userId: string, extra: Partial<NewTask> = {}): NewTask => ({
  userId,
  studio: 'preset',
  engine: 'espeak',
  voiceId: 'espeak-en-us-f2',
  modelId: 'espeak-ng',
  text: TEXT,
  settings: { speed: 1, pitch: 0, volume: 1 },
  cost: TEXT.length,
  clientIp: '192.0.2.7',
  ...extra,
});

const FILES = { audioKey: 'tasks/t/audio.mp3', transcriptKey: 'tasks/t/transcript.srt', durationMs: 1_200 };

async function heldCredits(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_accounts')
    .select('held_credits')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.held_credits;
}

async function holdOf(db: Kysely<Database>, taskId: string) {
  return db
    .selectFrom('speech_tasks')
    .innerJoin('credit_holds', 'credit_holds.id', 'speech_tasks.hold_id')
    .select(['credit_holds.status', 'credit_holds.amount', 'speech_tasks.status as task_status'])
    .select(['speech_tasks.error', 'speech_tasks.error_code'])
    .where('speech_tasks.id', '=', taskId)
    .executeTakeFirstOrThrow();
}

const admitAll = async () => {};

describeOnEachDatabase('The speech task lifecycle', (target) => {
  it('holds the cost on creation and captures exactly the hold on completion, once', async () => {
    const { handle } = await openMigrated(target);
    const db = handle.db;
    await addTestUser(db, 'u-complete', { credits: STARTING_CREDITS });
    const { taskId } = await createTask(db, taskFor('u-complete'), admitAll);
    expect(await heldCredits(db, 'u-complete')).toBe(TEXT.length);
    expect(await startTask(db, taskId, 60)).toMatchObject({ id: taskId, status: 'processing' });

    expect(await completeTask(db, taskId, FILES)).toBe(true);
    expect(await holdOf(db, taskId)).toMatchObject({ status: 'captured', amount: TEXT.length, task_status: 'done' });
    expect(await heldCredits(db, 'u-complete')).toBe(0);
    expect(await creditsOf(db, 'u-complete')).toBe(STARTING_CREDITS - TEXT.length);
    // A second completion (a retried job) changes nothing and spends nothing more.
    expect(await completeTask(db, taskId, FILES)).toBe(false);
    expect(await creditsOf(db, 'u-complete')).toBe(STARTING_CREDITS - TEXT.length);
    await expectLedgerInvariants(db);
  });

  it('records a failure with its code and gives the whole hold back', async () => {
    const { handle } = await openMigrated(target);
    const db = handle.db;
    await addTestUser(db, 'u-fail', { credits: STARTING_CREDITS });
    const { taskId } = await createTask(db, taskFor('u-fail'), admitAll);
    await startTask(db, taskId, 60);

    expect(await failTask(db, taskId, failureOf('TIMEOUT'))).toBe(true);
    expect(await holdOf(db, taskId)).toMatchObject({
      status: 'released',
      task_status: 'failed',
      error_code: 'TIMEOUT',
      error: errorMessage('TIMEOUT'),
    });
    expect(await heldCredits(db, 'u-fail')).toBe(0);
    expect(await creditsOf(db, 'u-fail')).toBe(STARTING_CREDITS);
    // A completion arriving after the failure (the sweeper got there first) spends nothing.
    expect(await completeTask(db, taskId, FILES)).toBe(false);
    expect(await creditsOf(db, 'u-fail')).toBe(STARTING_CREDITS);
    await expectLedgerInvariants(db);
  });

  it('ends a task partly: only the delivered credits are spent and the key’s month gets the rest back, together', async () => {
    const { handle } = await openMigrated(target);
    const db = handle.db;
    await addTestUser(db, 'u-partly', { credits: STARTING_CREDITS });
    await insertKey(db, {
      id: 'k-partly',
      user_id: 'u-partly',
      name: 'Key',
      prefix: 'sk_test',
      secret_hash: 'hash-partly',
      scopes: ['speech'],
      monthly_character_cap: null,
    });
    const countedAt = new Date();
    const { taskId } = await createTask(db, taskFor('u-partly', { apiKeyId: 'k-partly' }), (trx) =>
      addMonthCharactersIn(trx, 'k-partly', TEXT.length).then(() => {}),
    );
    const delivered = 12;
    const refund = (trx: Parameters<typeof refundMonthCharactersIn>[0]) =>
      refundMonthCharactersIn(trx, 'k-partly', TEXT.length - delivered, countedAt);

    expect(await endTaskPartly(db, taskId, failureOf('CLIENT_LEFT'), delivered, refund)).toBe(true);
    expect(await holdOf(db, taskId)).toMatchObject({
      status: 'captured',
      task_status: 'failed',
      error_code: 'CLIENT_LEFT',
    });
    expect(await creditsOf(db, 'u-partly')).toBe(STARTING_CREDITS - delivered);
    expect(await heldCredits(db, 'u-partly')).toBe(0);
    expect(await monthCharacters(db, 'k-partly')).toBe(delivered);
    await expectLedgerInvariants(db);
  });

  it('rolls back the task’s end and the key’s refund together when a step after the refund fails', async () => {
    const { handle } = await openMigrated(target);
    const db = handle.db;
    await addTestUser(db, 'u-rollback', { credits: STARTING_CREDITS });
    await insertKey(db, {
      id: 'k-rollback',
      user_id: 'u-rollback',
      name: 'Key',
      prefix: 'sk_test',
      secret_hash: 'hash-rollback',
      scopes: ['speech'],
      monthly_character_cap: null,
    });
    const countedAt = new Date();
    const { taskId } = await createTask(db, taskFor('u-rollback', { apiKeyId: 'k-rollback' }), (trx) =>
      addMonthCharactersIn(trx, 'k-rollback', TEXT.length).then(() => {}),
    );
    let refunded = false;
    const refundThenFail = async (trx: Parameters<typeof refundMonthCharactersIn>[0]) => {
      await refundMonthCharactersIn(trx, 'k-rollback', TEXT.length - 5, countedAt);
      // The refund really was written in the unit before the failure.
      refunded = (await monthCharacters(trx, 'k-rollback')) === 5;
      throw new Error('injected after the refund');
    };

    await expect(endTaskPartly(db, taskId, failureOf('CLIENT_LEFT'), 5, refundThenFail)).rejects.toThrow(
      'injected after the refund',
    );
    expect(refunded).toBe(true);
    // Neither the task's end nor the refund stayed: the task still runs with its whole hold open.
    expect(await holdOf(db, taskId)).toMatchObject({ status: 'open', task_status: 'processing', error_code: null });
    expect(await heldCredits(db, 'u-rollback')).toBe(TEXT.length);
    expect(await monthCharacters(db, 'k-rollback')).toBe(TEXT.length);
    await expectLedgerInvariants(db);

    // The same end, retried without the failure, happens whole.
    expect(
      await endTaskPartly(db, taskId, failureOf('CLIENT_LEFT'), 5, (trx) =>
        refundMonthCharactersIn(trx, 'k-rollback', TEXT.length - 5, countedAt),
      ),
    ).toBe(true);
    expect(await monthCharacters(db, 'k-rollback')).toBe(5);
    expect(await creditsOf(db, 'u-rollback')).toBe(STARTING_CREDITS - 5);
    await expectLedgerInvariants(db);
  });
});

async function monthCharacters(db: Kysely<Database>, keyId: string): Promise<number> {
  const row = await db
    .selectFrom('api_key_usage')
    .select(sql<string>`coalesce(sum(characters), 0)`.as('n'))
    .where('key_id', '=', keyId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
