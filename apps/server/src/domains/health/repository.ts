import type { QueueDepth } from '@sayso/contract/site';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The cheapest round trip that proves the database answers. */
export async function pingDatabase(db: Kysely<Database>): Promise<void> {
  await sql`SELECT 1`.execute(db);
}

/**
 * The database server's name and version as it gives them (`PostgreSQL 17.4`), without the build
 * details `version()` adds after them ("on x86_64-pc-linux-gnu, compiled by ...").
 */
export async function databaseVersion(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ version: string }>`SELECT version() AS version`.execute(db);
  const full = rows[0]?.version ?? '';
  const [name, number] = full.split(' ');
  return name && number ? `${name} ${number.replace(/,$/, '')}` : full;
}

/**
 * How many speech tasks wait and run, and how long the first in line has waited, by the
 * database's clock (the one that stamped `queued_at`, whichever process queued the task). Reads
 * only the unfinished tasks, which the partial indexes on status cover, however long history grows.
 */
export async function speechQueueDepth(db: Kysely<Database>): Promise<QueueDepth> {
  const row = await db
    .selectFrom('speech_tasks')
    .where('status', 'in', ['queued', 'processing'])
    .select([
      sql<string>`count(*) FILTER (WHERE status = 'queued')`.as('waiting'),
      sql<string>`count(*) FILTER (WHERE status = 'processing')`.as('running'),
      sql<string | null>`extract(epoch FROM now() - min(queued_at) FILTER (WHERE status = 'queued'))::float8::text`.as(
        'oldest',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    waiting: Number(row.waiting),
    running: Number(row.running),
    // Never below zero, whatever rounding the two timestamps had.
    oldestWaitingSeconds: row.oldest === null ? null : Math.max(0, Number(row.oldest)),
  };
}
