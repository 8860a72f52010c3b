import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../config.js';
import { createPGliteDataDir } from './pglite-init.js';
import { PGlitePool } from './pglite-pool.js';
import type { Database } from './schema.js';

// int8 (credits, ids) and numeric (money with two decimals) come back as JS numbers on both
// drivers: every value the product stores stays well inside the range a double holds exactly.
const INT8_OID = 20;
const NUMERIC_OID = 1700;
const NUMBER_PARSERS = { [INT8_OID]: Number, [NUMERIC_OID]: Number };

const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID || oid === NUMERIC_OID
    ? Number
    : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser;

export type JobDatabase =
  | { kind: 'executeSql'; executeSql: (text: string, values: unknown[]) => Promise<{ rows: unknown[] }> }
  | { kind: 'connectionString'; connectionString: string };

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Kysely<Database>;
  /** How pg-boss reaches the same database. */
  jobs: JobDatabase;
  /**
   * Calls `onPayload` for each NOTIFY on `channel`, from this process or any other sharing the
   * database, after the notifying transaction commits. Resolves to a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const LISTEN_RETRY_MS = 1_000;

/** A dedicated connection that LISTENs, and reconnects when the server drops it. */
async function listenOnServer(url: string, channel: string, onPayload: (payload: string) => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', (error) => {
      console.warn(`notification connection lost: ${error.message}`);
      next.end().catch(() => {});
      if (!stopped) setTimeout(() => void connect().catch(() => {}), LISTEN_RETRY_MS);
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}

/**
 * PostgreSQL's default shared buffers (128 MB) live inside PGlite's WebAssembly heap, which never
 * shrinks: once a busy moment fills them they stay resident. PGlite reads its files through the
 * operating system, whose page cache keeps hot pages anyway, so a smaller pool costs little for a
 * database of this size (docs/decisions/0048-memory-at-rest.md has the measurements).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** Opens (or creates) PGlite's data folder; `template` seeds a new one. */
export async function openPGlite(dir: string, template?: Blob): Promise<PGlite> {
  const onDisk = !dir.startsWith('memory://');
  if (onDisk) await mkdir(dir, { recursive: true });
  if (onDisk && !template) await createPGliteDataDir(dir);
  return PGlite.create(dir, {
    parsers: NUMBER_PARSERS,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(template ? { loadDataDir: template } : {}),
  });
}

/** Opens the configured database: embedded PGlite by default, a PostgreSQL server with DATABASE_URL. */
export async function openDatabase(database: Config['database']): Promise<DatabaseHandle> {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10, types: { getTypeParser } });
    // An idle connection dropped by the server is replaced on next use; it must not crash the process.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      kind: 'postgres',
      db,
      jobs: { kind: 'connectionString', connectionString: database.url },
      listen: (channel, onPayload) => listenOnServer(database.url, channel, onPayload),
      close: () => db.destroy(),
    };
  }
  const { lease } = database;
  const pglite = lease ? lease.pglite : await openPGlite(database.dir, database.template);
  const pool = lease ? new PGlitePool(pglite, () => lease.giveBack()) : new PGlitePool(pglite);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kind: 'pglite',
    db,
    jobs: { kind: 'executeSql', executeSql: pool.executeSql },
    listen: async (channel, onPayload) => {
      const stop = await pglite.listen(channel, onPayload);
      // Unlistening needs the database; once it is closed (or given back) there is nothing left to stop.
      return () => (pglite.closed || pool.isEnded ? Promise.resolve() : stop().catch(() => {}));
    },
    close: () => db.destroy(),
  };
}
