import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Creates a database of its own on a PostgreSQL server and returns its URL and a function that
 * drops it. Free of vitest, so the bench's scale-out scenario (bench/src/scale-out.ts) creates its
 * database the same way the tests do.
 */
export async function createDatabaseOn(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sayso_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
