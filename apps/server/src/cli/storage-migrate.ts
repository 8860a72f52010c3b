// `npm run storage:migrate [-- --from <folder>] [--concurrency <n>]`
// Copies the local files folder (DATA_DIR/files, or --from) into the bucket that STORAGE=s3 and the
// S3_* settings name, and verifies every object by reading it back (size and SHA-256). Run it again
// after a stop or a crash: it resumes, skipping objects it already verified. Ctrl-C stops cleanly
// (files under way finish). See docs/operations.md, "Moving files to S3".
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { type MigrationReport, migrateFiles } from '../storage/migrate-files.js';
import { openStorage } from '../storage/open-storage.js';

const USAGE = `Usage:
  STORAGE=s3 S3_BUCKET=... npm run storage:migrate [-- --from <folder>] [--concurrency <n>]
Copies <folder> (default: DATA_DIR/files) into the bucket and verifies each object. Resumable:
a journal of verified objects is kept in DATA_DIR, and a rerun skips them.`;

const summary = (report: MigrationReport) =>
  `${report.total} files: ${report.counts.copied} copied, ${report.counts['already verified']} already verified, ` +
  `${report.counts['verified in place']} verified in place, ${report.counts.failed} failed`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      concurrency: { type: 'string', default: '4' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const concurrency = Number(values.concurrency);
  if (values.help || !Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  const config = loadConfig();
  if (config.storage.kind !== 's3') {
    throw new ConfigError(['STORAGE: must be s3 (with S3_BUCKET and its settings) to migrate files into a bucket']);
  }
  const sourceDir = path.resolve(values.from ?? path.join(config.dataDir, 'files'));
  const { storage, close } = await openStorage(config.storage);
  // A stop signal lets files under way finish, so the journal stays whole; a second one quits at once.
  const stop = new AbortController();
  const onSignal = () => {
    if (stop.signal.aborted) process.exit(130);
    console.log('Stopping after the files under way; run again to resume.');
    stop.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    await storage.isHealthy();
    console.log(`Copying ${sourceDir} into bucket ${config.storage.bucket}`);
    const report = await migrateFiles({
      sourceDir,
      target: storage,
      journalPath: path.join(config.dataDir, `storage-migration-${config.storage.bucket}.journal`),
      signal: stop.signal,
      concurrency,
      onFile: (file) =>
        console.log(`${file.outcome}: ${file.key} (${file.size} bytes)${file.reason ? ` - ${file.reason}` : ''}`),
    });
    console.log(summary(report));
    if (report.stopped) {
      console.log('Stopped before the end: run again to resume.');
      return 130;
    }
    return report.counts.failed > 0 ? 1 : 0;
  } finally {
    close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof ConfigError ? 78 : 1);
  },
);
