// The admin panel's Models page installs by name with one click; this is the same installer for a shell.
// `npm run models -- list`: the catalogue with each archive's address, and what is installed on this machine.
// `npm run models -- install NAME`: downloads a catalogue model from sherpa-onnx's releases (or MODEL_DOWNLOAD_BASE_URL),
//   with the Models page's download code: progress, a 30 s stall timeout, resume of a cut connection; Ctrl-C cancels.
// `npm run models -- install --file ARCHIVE [--vocoder FILE]`: installs a .tar.bz2, .tar.gz or .onnx from disk;
//   ZipVoice's separately published vocoder can be given as --vocoder (or a second --file), so no download is needed.
// `npm run models -- remove NAME`.
// Each model is loaded once in a child process before it is installed. Running servers on this
// machine watch the models folder and load or drop the model within a second, without a restart.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { verifyModelLoads } from '../engines/sherpa/probe.js';
import { CATALOGUE, findCatalogueEntry } from '../models/catalogue.js';
import {
  type InstallProgress,
  installFromFile,
  installFromUrl,
  listInstalled,
  ModelInstallError,
  removeModel,
  resolveUrl,
} from '../models/installer.js';
import type { ModelManifest } from '../models/manifest.js';

const USAGE = `Usage:
  npm run models -- list
  npm run models -- install <name>
  npm run models -- install --file <archive.tar.bz2|archive.tar.gz|model.onnx> [--vocoder <vocos_24khz.onnx>]
  npm run models -- remove <name>
Models are kept in DATA_DIR/models/<name>.`;

const megabytes = (bytes: number) => `${(bytes / 1_000_000).toFixed(bytes < 10_000_000 ? 1 : 0)} MB`;

function commercial(value: boolean | null): string {
  if (value === null) return 'check licence';
  return value ? 'commercial ok' : 'NON-COMMERCIAL';
}

async function list(modelsDir: string, baseUrl: string | undefined): Promise<void> {
  const installed = new Map((await listInstalled({ modelsDir })).map((model) => [model.name, model]));
  for (const entry of CATALOGUE) {
    const mark = installed.has(entry.name) ? '*' : ' ';
    const languages = entry.languages.join(',') || '-';
    console.log(
      `${mark} ${entry.name.padEnd(48)} ${`~${megabytes(entry.sizeBytes)}`.padStart(9)}  ${entry.license.padEnd(24)} ${languages.padEnd(6)} ${commercial(entry.commercialUse)}`,
    );
    for (const url of [entry.url, ...(entry.extras ?? []).map((extra) => extra.url)]) {
      console.log(`    ${resolveUrl(url, baseUrl)}`);
    }
  }
  const others = [...installed.values()].filter((model) => !CATALOGUE.some((entry) => entry.name === model.name));
  for (const model of others) {
    console.log(
      `* ${model.name.padEnd(48)} ${megabytes(model.sizeBytes).padStart(9)}  (installed from a file, ${model.family})`,
    );
  }
  console.log('\n* installed. Sizes of models not installed are approximate downloads.');
}

const duration = (seconds: number) =>
  seconds >= 60 ? `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s` : `${seconds} s`;

/** One line, rewritten in place at most four times a second: bytes, percent, speed, time left. */
function progressLine(): (progress: InstallProgress) => void {
  let last = 0;
  return ({ receivedBytes, totalBytes, percent, bytesPerSecond, secondsLeft }) => {
    const now = Date.now();
    if (now - last < 250 && receivedBytes !== totalBytes) return;
    last = now;
    const share = percent !== null ? ` (${percent}%)` : '';
    const total = totalBytes ? ` of ${megabytes(totalBytes)}` : '';
    const speed = bytesPerSecond ? `, ${megabytes(bytesPerSecond)}/s` : '';
    const left = secondsLeft !== null && receivedBytes !== totalBytes ? `, ${duration(secondsLeft)} left` : '';
    process.stdout.write(`\r  ${megabytes(receivedBytes)}${total}${share}${speed}${left}     `);
  };
}

/** Ctrl-C cancels the install, so its partial files are removed before the process ends. */
function cancelOnInterrupt(): AbortSignal {
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.log('\nCancelling…');
    controller.abort();
  });
  return controller.signal;
}

function describeInstalled(manifest: ModelManifest): void {
  console.log(`\nInstalled "${manifest.name}" (${manifest.family}, ${megabytes(manifest.sizeBytes)} on disk).`);
  console.log(`  Licence: ${manifest.license} (${commercial(manifest.commercialUse)})`);
  console.log(
    manifest.checksum === 'verified'
      ? `  SHA-256 ${manifest.sha256} matches the published checksum.`
      : `  SHA-256 ${manifest.sha256} recorded (the publisher gives no checksum to compare with).`,
  );
}

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      file: { type: 'string', multiple: true },
      vocoder: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, name] = positionals;
  const config = loadConfig();
  const modelsDir = config.models.dir;
  const baseUrl = config.models.downloadBaseUrl ?? undefined;
  if (values.help || !command) {
    console.log(USAGE);
    return values.help ? 0 : 64;
  }
  if (command === 'list') {
    await list(modelsDir, baseUrl);
    return 0;
  }
  const [archive, ...secondFiles] = values.file ?? [];
  if (command === 'install' && archive) {
    const extraFiles = [...secondFiles, ...(values.vocoder ? [values.vocoder] : [])];
    describeInstalled(
      await installFromFile(archive, {
        modelsDir,
        verify: verifyModelLoads,
        extraFiles,
        onProgress: progressLine(),
        signal: cancelOnInterrupt(),
        ...(baseUrl ? { baseUrl } : {}),
      }),
    );
    return 0;
  }
  if (command === 'install' && name) {
    const entry = findCatalogueEntry(name);
    if (entry) console.log(`Downloading ${name} (about ${megabytes(entry.sizeBytes)})…`);
    describeInstalled(
      await installFromUrl(name, {
        modelsDir,
        verify: verifyModelLoads,
        onProgress: progressLine(),
        onStage: (stage) => {
          if (stage !== 'downloading') console.log(`\n  ${stage === 'unpacking' ? 'Unpacking' : 'Checking it loads'}…`);
        },
        signal: cancelOnInterrupt(),
        ...(baseUrl ? { baseUrl } : {}),
      }),
    );
    return 0;
  }
  if (command === 'remove' && name) {
    await removeModel(name, { modelsDir });
    console.log(`Removed "${name}".`);
    return 0;
  }
  console.log(USAGE);
  return 64;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof ModelInstallError ? `\n${error.message}` : error);
    process.exitCode = 1;
  },
);
