import { inject } from 'vitest';

/** A server global-setup started for one worker slot. */
export interface SlotServer {
  baseUrl: string;
  /** Its PostgreSQL database, when the run uses one (TEST_DATABASE_URL); null on PGlite. */
  databaseUrl: string | null;
}

/**
 * The server of the worker slot this file runs in. Vitest numbers the slots 1 to `maxWorkers`
 * (`VITEST_POOL_ID`) and runs one file at a time in each, so no other file uses this server while
 * this one runs (support/global-setup.ts).
 */
export function workerServer(): SlotServer {
  const servers = inject('slotServers');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const server = servers[(Number.isInteger(slot) && slot > 0 ? slot - 1 : 0) % servers.length];
  if (!server) throw new Error('global-setup started no server');
  return server;
}
