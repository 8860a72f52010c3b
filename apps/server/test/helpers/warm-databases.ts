import type { PGlite } from '@electric-sql/pglite';
import { openPGlite } from '../../src/db/database.js';
import type { PGliteLease } from '../../src/db/pglite-pool.js';

/**
 * Starting PGlite from the migrated template costs about half a second, and most server tests boot
 * an app on a database of their own. So databases are lent from a pool of warm ones instead: a
 * database given back is emptied and refilled with the template's rows (a few milliseconds), and
 * lent again as if it were a new copy. One that cannot be made so is closed and never lent again:
 * one whose schema changed (any DDL, noticed by event triggers), or one that fails to reset.
 */

/** Schema of the watchers below, left out of the reset. */
const GUARD_SCHEMA = 'sayso_test_guard';
/** A session setting the watchers fill with what changed the schema (for a look when debugging); DISCARD ALL clears it. */
const SCHEMA_CHANGED = 'sayso_test.schema_changed';

// Event triggers fire for DDL in any schema. `ddl_command_end` lists what a command created or
// altered (nothing for CREATE ... IF NOT EXISTS on an existing object), `sql_drop` what it dropped.
const WATCH_SCHEMA_CHANGES = `
  CREATE SCHEMA ${GUARD_SCHEMA};
  CREATE FUNCTION ${GUARD_SCHEMA}.note_ddl() RETURNS event_trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM set_config('${SCHEMA_CHANGED}', coalesce(current_setting('${SCHEMA_CHANGED}', true), '') || ' ' || c.command_tag || ' ' || coalesce(c.object_identity, ''), false)
      FROM pg_event_trigger_ddl_commands() c;
  END $$;
  CREATE FUNCTION ${GUARD_SCHEMA}.note_drop() RETURNS event_trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM set_config('${SCHEMA_CHANGED}', 'yes', false);
  END $$;
  CREATE EVENT TRIGGER sayso_test_note_ddl ON ddl_command_end EXECUTE FUNCTION ${GUARD_SCHEMA}.note_ddl();
  CREATE EVENT TRIGGER sayso_test_note_drop ON sql_drop EXECUTE FUNCTION ${GUARD_SCHEMA}.note_drop();
`;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The statements that bring a database back to the template's rows: every table emptied and the
 * template's rows put back, every sequence set where it was.
 * Read from a database that is still exactly the template.
 */
async function readRestoreSql(pglite: PGlite): Promise<string> {
  const tables = await pglite.query<{ schema: string; name: string; rows: string | null; columns: string[] }>(`
    SELECT n.nspname AS schema, c.relname AS name,
      (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
      NULL::text AS rows
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition
      AND n.nspname NOT IN ('pg_catalog', 'information_schema', '${GUARD_SCHEMA}')
      AND n.nspname NOT LIKE 'pg_toast%' AND n.nspname NOT LIKE 'pg_temp%'
    ORDER BY 1, 2`);
  const names = tables.rows.map((table) => `${quoteIdent(table.schema)}.${quoteIdent(table.name)}`);
  const inserts: string[] = [];
  for (const [index, table] of tables.rows.entries()) {
    const name = names[index] as string;
    const { rows } = await pglite.query<{ rows: string | null }>(`SELECT json_agg(t)::text AS rows FROM ${name} t`);
    const json = rows[0]?.rows;
    if (!json) continue;
    const columns = table.columns.map(quoteIdent).join(', ');
    inserts.push(
      `INSERT INTO ${name} (${columns}) OVERRIDING SYSTEM VALUE SELECT ${columns} FROM json_populate_recordset(NULL::${name}, ${quoteLiteral(json)});`,
    );
  }
  const sequences = await pglite.query<{ name: string; value: string; called: boolean }>(`
    SELECT format('%I.%I', schemaname, sequencename) AS name,
      coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
    FROM pg_sequences WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`);
  const setvals = sequences.rows.map(
    (sequence) => `SELECT setval(${quoteLiteral(sequence.name)}, ${sequence.value}, ${sequence.called});`,
  );
  // DELETE rather than TRUNCATE: on tables of a few rows it is several times faster, as TRUNCATE
  // makes new files for every table and index. Foreign keys and triggers are off meanwhile.
  return [
    'SET session_replication_role = replica;',
    ...names.map((name) => `DELETE FROM ${name};`),
    ...inserts,
    'SET session_replication_role = DEFAULT;',
    ...setvals,
  ].join('\n');
}

/** Databases copied from a template and lent to tests, one borrower at a time. */
export class WarmDatabases {
  private readonly idle: PGlite[] = [];
  private restoreSql: Promise<string> | undefined;

  /** `maxIdle`: warm databases kept between tests; tests that need more at once get new ones. */
  constructor(
    private readonly template: () => Promise<Blob>,
    private readonly maxIdle = 2,
  ) {}

  /** Lends a database that looks like a new copy of the template; `giveBack` may be called more than once. */
  async lend(): Promise<PGliteLease> {
    const pglite = this.idle.pop() ?? (await this.open());
    let returned: Promise<void> | undefined;
    return {
      pglite,
      giveBack: () => {
        returned ??= this.takeBack(pglite);
        return returned;
      },
    };
  }

  /** Closes the warm databases (a worker's last file ends with them open otherwise, which is harmless). */
  async close(): Promise<void> {
    await Promise.all(this.idle.splice(0).map((pglite) => pglite.close()));
  }

  private async open(): Promise<PGlite> {
    const pglite = await openPGlite('memory://', await this.template());
    await pglite.exec(WATCH_SCHEMA_CHANGES);
    // Read once, from the first database opened: every later one starts from the same template.
    this.restoreSql ??= readRestoreSql(pglite);
    await this.restoreSql;
    return pglite;
  }

  private async takeBack(pglite: PGlite): Promise<void> {
    if (await this.reset(pglite).catch(() => false)) {
      if (this.idle.length < this.maxIdle) {
        this.idle.push(pglite);
        return;
      }
    }
    if (!pglite.closed) await pglite.close().catch(() => {});
  }

  /** Whether the database is back to the template's state (false: it cannot be, close it). */
  private async reset(pglite: PGlite): Promise<boolean> {
    if (pglite.closed) return false;
    if (pglite.isInTransaction()) await pglite.exec('ROLLBACK');
    const { rows } = await pglite.query<{ changed: string | null }>(
      `SELECT current_setting('${SCHEMA_CHANGED}', true) AS changed`,
    );
    if (rows[0]?.changed) return false;
    // Session state: settings, prepared statements, LISTENs, advisory locks, temporary tables.
    await pglite.exec('DISCARD ALL');
    await pglite.exec(await (this.restoreSql as Promise<string>));
    return true;
  }
}
