// `npm run restore -- FILE`
// Restores an archive of `npm run backup` into an empty database (DATABASE_URL, or the embedded one
// in DATA_DIR) and empty storage, and refuses a non-empty one. It checks every entry's SHA-256
// first, runs the migrations to the archive's level, inserts the rows, writes and verifies the
// files, and commits only when everything is in place. With STORAGE=s3, copy the bucket first:
// the restore checks that every object the archive lists is there. See docs/operations.md.
import { parseArgs } from 'node:util';
import { BackupError } from '../backup/manifest.js';
import { openDatabaseForCli } from '../backup/open-for-cli.js';
import { restoreBackup } from '../backup/restore.js';
import { ConfigError, loadConfig } from '../config.js';
import { openStorage } from '../storage/open-storage.js';

const USAGE = `Usage:
  npm run restore -- <archive.tar.gz>
Restores into an empty database and an empty files folder (or a bucket that already holds the
archive's objects, with STORAGE=s3). With the embedded database, no server may be running.`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [file] = positionals;
  if (values.help || !file || positionals.length > 1) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  const config = loadConfig();
  const { handle, close } = await openDatabaseForCli(config.database, 'restore');
  const storage = await openStorage(config.storage);
  try {
    const manifest = await restoreBackup({
      file,
      database: handle,
      storage: storage.storage,
      storageConfig: config.storage,
      onStep: (line) => console.log(line),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const files = manifest.storage.kind === 'local' ? manifest.storage.files.length : manifest.storage.objects.length;
    console.log(
      `Restored ${rows} rows and ${files} files from a backup of ${manifest.createdAt} (Sayso ${manifest.productVersion}). Start the server now.`,
    );
    return 0;
  } finally {
    storage.close();
    await close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
    else console.error(error);
    process.exit(1);
  },
);
