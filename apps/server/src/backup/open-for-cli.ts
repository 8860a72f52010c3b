import { readdir } from 'node:fs/promises';
import type { Config } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { holdDataFolder } from './data-folder-lock.js';
import { BackupError } from './manifest.js';

/**
 * Opens the configured database for the backup and restore commands. The embedded database is
 * taken from a running server's hands never: the command holds its folder's lock while it runs,
 * and refuses (naming the server's process) when a server holds it.
 */
export async function openDatabaseForCli(
  database: Config['database'],
  purpose: 'backup' | 'restore',
): Promise<{ handle: DatabaseHandle; close: () => Promise<void> }> {
  if (database.kind === 'postgres') {
    const handle = await openDatabase(database);
    return { handle, close: () => handle.close() };
  }
  if (purpose === 'backup') {
    const entries = await readdir(database.dir).catch(() => []);
    if (entries.length === 0) throw new BackupError(`There is no embedded database in ${database.dir} to back up.`);
  }
  let release: () => void;
  try {
    release = await holdDataFolder(database.dir);
  } catch (error) {
    throw new BackupError(error instanceof Error ? error.message : String(error));
  }
  try {
    const handle = await openDatabase(database);
    return {
      handle,
      close: async () => {
        await handle.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
