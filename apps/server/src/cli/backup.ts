// `npm run backup -- FILE`
// Writes one archive (gzip-compressed tar) of the database and the stored files: every application
// table read in one consistent snapshot, and every file of local storage with its SHA-256; with
// STORAGE=s3, the database and a list of the bucket's objects (the bucket is copied with
// `aws s3 sync` or rclone: docs/operations.md, "Backup and restore"). With DATABASE_URL it runs
// while the servers keep serving; with the embedded database, stop the server first.
import { parseArgs } from 'node:util';
import { createBackup } from '../backup/backup.js';
import { BackupError } from '../backup/manifest.js';
import { openDatabaseForCli } from '../backup/open-for-cli.js';
import { ConfigError, loadConfig } from '../config.js';

const USAGE = `Usage:
  npm run backup -- <archive.tar.gz>
Writes the database and the stored files (or, with STORAGE=s3, the list of the bucket's objects)
into one archive. With DATABASE_URL it runs while the servers keep running; with the embedded
database (no DATABASE_URL), stop the server first.`;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB`;

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
  const { handle, close } = await openDatabaseForCli(config.database, 'backup');
  try {
    const manifest = await createBackup({ database: handle, storage: config.storage, file });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Backed up ${rows} rows of ${manifest.tables.length} tables (migration level ${manifest.migrationLevel}) into ${file}.`,
    );
    if (manifest.storage.kind === 'local') {
      const bytes = manifest.storage.files.reduce((sum, stored) => sum + stored.size, 0);
      console.log(`  ${manifest.storage.files.length} stored files, ${megabytes(bytes)}, each with its SHA-256.`);
      if (manifest.storage.vanished.length > 0) {
        console.log(
          `  ${manifest.storage.vanished.length} files were deleted by the running server while the backup ran (listed in the manifest).`,
        );
      }
    } else {
      console.log(
        `  The archive lists the ${manifest.storage.objects.length} objects of bucket ${manifest.storage.bucket}; copy the bucket itself as docs/operations.md says.`,
      );
    }
    return 0;
  } finally {
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
