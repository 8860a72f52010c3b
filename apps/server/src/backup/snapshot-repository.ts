import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * The SQL of backup and restore. Everything is read from the catalog of the `public` schema (the
 * application's tables), so a migration that adds a table needs no change here. pg-boss keeps its
 * own schema and is left out on purpose (see docs/operations.md, "Backup and restore").
 */

/** Kept by the migration runner itself: restore rebuilds it by running the migrations. */
export const MIGRATIONS_TABLE = 'schema_migrations';

type Db = Kysely<Database> | Transaction<Database>;

// Raw statements below read catalog tables the application schema does not describe.
const untyped = (db: Db) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

const qualified = (table: string) => sql.id('public', table);

export interface TableShape {
  name: string;
  /** Columns a restore may insert into (generated columns are computed again). */
  columns: string[];
}

/** The application's tables and their insertable columns, by name. */
export async function applicationTables(db: Db): Promise<TableShape[]> {
  const { rows } = await sql<{ table: string; column: string }>`
    SELECT c.relname AS "table", a.attname AS "column"
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> ${MIGRATIONS_TABLE}
    ORDER BY c.relname, a.attnum
  `.execute(untyped(db));
  const tables = new Map<string, string[]>();
  for (const row of rows) tables.set(row.table, [...(tables.get(row.table) ?? []), row.column]);
  return [...tables].map(([name, columns]) => ({ name, columns }));
}

/** Foreign keys between the application's tables: `child` rows point at `parent` rows. */
export async function foreignKeyEdges(db: Db): Promise<{ child: string; parent: string }[]> {
  const { rows } = await sql<{ child: string; parent: string }>`
    SELECT c.relname AS child, p.relname AS parent
    FROM pg_constraint k
    JOIN pg_class c ON c.oid = k.conrelid
    JOIN pg_class p ON p.oid = k.confrelid
    JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE k.contype = 'f' AND n.nspname = 'public'
  `.execute(untyped(db));
  return rows;
}

/** The highest migration applied, or null on a database no migration has touched. */
export async function migrationLevel(db: Db): Promise<number | null> {
  const { rows } = await sql<{ present: boolean }>`
    SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present
  `.execute(untyped(db));
  if (!rows[0]?.present) return null;
  const level = await sql<{ level: number | null }>`SELECT max(version) AS level FROM schema_migrations`.execute(
    untyped(db),
  );
  return level.rows[0]?.level ?? null;
}

export interface SequenceState {
  name: string;
  /** As text: an int8 may exceed what a JavaScript number holds exactly. */
  lastValue: string;
  isCalled: boolean;
}

/** Where every sequence of the application's schema stands. */
export async function sequenceStates(db: Db): Promise<SequenceState[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'S' ORDER BY c.relname
  `.execute(untyped(db));
  const states: SequenceState[] = [];
  for (const { name } of rows) {
    const state = await sql<{ lastValue: string; isCalled: boolean }>`
      SELECT last_value::text AS "lastValue", is_called AS "isCalled" FROM ${qualified(name)}
    `.execute(untyped(db));
    const row = state.rows[0];
    if (row) states.push({ name, ...row });
  }
  return states;
}

/**
 * Runs `read` in one REPEATABLE READ, READ ONLY transaction: every statement in it sees the same
 * committed state, however many writers a PostgreSQL server serves meanwhile.
 */
export async function inSnapshot<T>(
  db: Kysely<Database>,
  read: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // Fixed text forms, whatever the server's defaults: hex bytea, and floats with every digit.
      await sql`SET LOCAL bytea_output = 'hex'`.execute(trx);
      await sql`SET LOCAL extra_float_digits = 3`.execute(trx);
      return read(trx);
    });
}

/** Rows read per statement: a table of any size is read in pieces of this many. */
const READ_BATCH = 500;

/**
 * Every row of `table` as the JSON text PostgreSQL writes for it, in pieces, in physical order
 * (kept stable by the snapshot). The text is never parsed here, so int8 and numeric values keep
 * every digit, and timestamps keep their microseconds and offset.
 */
export async function* tableRows(trx: Transaction<Database>, table: string): AsyncGenerator<string[]> {
  let after = '(0,0)';
  for (;;) {
    const { rows } = await sql<{ position: string; row: string }>`
      SELECT t.ctid::text AS position, row_to_json(t)::text AS row
      FROM ${qualified(table)} AS t
      WHERE t.ctid > ${after}::tid
      ORDER BY t.ctid
      LIMIT ${READ_BATCH}
    `.execute(untyped(trx));
    if (rows.length === 0) return;
    // One row a line: a raw line break can only be whitespace between the tokens of a json
    // column's value (JSON strings escape theirs), so a space stands in for it without changing a value.
    yield rows.map((r) => r.row.replace(/[\r\n]/g, ' '));
    after = rows[rows.length - 1]?.position ?? after;
    if (rows.length < READ_BATCH) return;
  }
}

/** How many rows each application table holds (the migrations' own table aside). */
export async function rowCounts(db: Db): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of await applicationTables(db)) {
    const { rows } = await sql<{ count: string }>`SELECT count(*)::text AS count FROM ${qualified(name)}`.execute(
      untyped(db),
    );
    counts.set(name, Number(rows[0]?.count ?? 0));
  }
  return counts;
}

/** Defers the deferrable foreign keys to the commit, so rows may arrive in any order they allow. */
export async function deferConstraints(trx: Transaction<Database>): Promise<void> {
  await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx);
}

/**
 * Inserts rows given as JSON texts of the archive. PostgreSQL itself turns each JSON value into
 * the column's type (hex into bytea, numbers into numeric or int8 digit for digit); identity
 * columns keep their archived values.
 */
export async function insertRows(
  trx: Transaction<Database>,
  table: string,
  columns: string[],
  rows: string[],
): Promise<void> {
  const list = sql.join(columns.map((column) => sql.id(column)));
  await sql`
    INSERT INTO ${qualified(table)} (${list}) OVERRIDING SYSTEM VALUE
    SELECT ${list} FROM json_populate_recordset(NULL::${qualified(table)}, ${`[${rows.join(',')}]`}::json)
  `.execute(untyped(trx));
}

/** Sets a sequence where the archive found it. */
export async function setSequence(trx: Transaction<Database>, state: SequenceState): Promise<void> {
  const name = `"public"."${state.name.replaceAll('"', '""')}"`;
  await sql`SELECT setval(${name}::regclass, ${state.lastValue}::bigint, ${state.isCalled})`.execute(untyped(trx));
}
