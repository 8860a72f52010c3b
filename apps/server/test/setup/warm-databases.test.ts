import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migratedTemplate } from '../helpers/databases.js';
import { WarmDatabases } from '../helpers/warm-databases.js';

/** Every user table's row count and every sequence's position: what a test could tell apart. */
async function contents(pglite: PGlite): Promise<Record<string, string>> {
  const tables = await pglite.query<{ name: string }>(`
    SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
    WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1`);
  const seen: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const { rows } = await pglite.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${name}`);
    seen[name] = String(rows[0]?.n);
  }
  const sequences = await pglite.query<{ name: string; value: string | null }>(`
    SELECT format('%I.%I', schemaname, sequencename) AS name, last_value::text AS value FROM pg_sequences`);
  for (const { name, value } of sequences.rows) seen[`sequence ${name}`] = String(value);
  return seen;
}

const addFailure = (pglite: PGlite) =>
  pglite.query(`INSERT INTO sign_in_failures (door, client_ip) VALUES ('user', '192.0.2.1') RETURNING id`);

describe('warm databases lent to tests', () => {
  it('lends a database given back as a new copy of the template: rows, sequences and session alike', async () => {
    const warm = new WarmDatabases(migratedTemplate);
    try {
      const first = await warm.lend();
      const fresh = await contents(first.pglite);
      expect(Object.keys(fresh)).toContain('public.sign_in_failures');
      expect(fresh['pgboss.version']).toBe('1');

      await addFailure(first.pglite);
      await first.pglite.exec(`
        DELETE FROM pgboss.version;
        SET statement_timeout = '1234ms';
        LISTEN leftover_channel;
        BEGIN;
        INSERT INTO app_settings (key, value) VALUES ('half-done', '"x"');`);
      expect(await contents(first.pglite)).not.toEqual(fresh);
      await first.giveBack();

      const second = await warm.lend();
      // The same warm database, lent again rather than a new one started.
      expect(second.pglite).toBe(first.pglite);
      expect(second.pglite.isInTransaction()).toBe(false);
      expect(await contents(second.pglite)).toEqual(fresh);
      const timeout = await second.pglite.query<{ value: string }>(
        `SELECT current_setting('statement_timeout') AS value`,
      );
      expect(timeout.rows[0]?.value).toBe('0');
      // A sequence starts where the template's did, so ids repeat as they would on a new copy.
      expect((await addFailure(second.pglite)).rows).toEqual([{ id: 1 }]);
      await second.giveBack();
    } finally {
      await warm.close();
    }
  });

  it('never lends again a database whose schema a test changed', async () => {
    const warm = new WarmDatabases(migratedTemplate);
    try {
      for (const change of [
        'CREATE TABLE made_by_a_test (id int)',
        'ALTER TABLE sign_in_failures ADD COLUMN extra text',
        'DROP INDEX ledger_entries_user_idx',
        'CREATE TEMPORARY TABLE scratch (id int)',
      ]) {
        const lease = await warm.lend();
        await lease.pglite.exec(change);
        await lease.giveBack();
        expect(lease.pglite.closed, change).toBe(true);
        const next = await warm.lend();
        expect(next.pglite).not.toBe(lease.pglite);
        await next.giveBack();
      }
      // Creating what exists already, as migrations and the job queue do at every start, changes nothing.
      const lease = await warm.lend();
      await lease.pglite.exec('CREATE TABLE IF NOT EXISTS sign_in_failures (id int)');
      await lease.giveBack();
      expect(lease.pglite.closed).toBe(false);
    } finally {
      await warm.close();
    }
  });

  it('keeps an app that closed from reaching the database after it was given back', async () => {
    const warm = new WarmDatabases(migratedTemplate);
    try {
      const lease = await warm.lend();
      const handle = await openDatabase({ kind: 'pglite', dir: 'memory://', lease });
      await sql`SELECT 1`.execute(handle.db);
      await handle.close();
      // Given back by the close, not closed: the next borrower has it.
      expect(lease.pglite.closed).toBe(false);
      expect((await warm.lend()).pglite).toBe(lease.pglite);
      await expect(sql`SELECT 1`.execute(handle.db)).rejects.toThrow();
      if (handle.jobs.kind !== 'executeSql') throw new Error('PGlite runs jobs through executeSql');
      await expect(handle.jobs.executeSql('SELECT 1', [])).rejects.toThrow('PGlite is closed');
    } finally {
      await warm.close();
    }
  });
});
