import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type ArchiveFormat, parseArchiveName, unpack } from './archive.js';
import { CATALOGUE, type CatalogueEntry, findCatalogueEntry } from './catalogue.js';
import { detectFamily } from './detect-family.js';
import { type DownloadOptions, type DownloadProgress, downloadToFile } from './download.js';
import { ModelInstallError } from './errors.js';
import { MANIFEST_FILE, MODEL_FAMILIES, type ModelManifest, readManifest } from './manifest.js';

export { ModelInstallError } from './errors.js';

/** Where the catalogue's URLs point; `baseUrl` replaces it (tests point it at a loopback server). */
export const PUBLISHER_BASE_URL = 'https://github.com/k2-fsa/sherpa-onnx/releases/download';

export type InstallProgress = DownloadProgress;

/** The steps of an install, in order, for the admin page's job state. */
export type InstallStage = 'downloading' | 'unpacking' | 'verifying';

export interface ModelStoreOptions {
  /** `DATA_DIR/models`. */
  modelsDir: string;
  /** The models known by name; the built-in catalogue unless a test brings its own. */
  catalogue?: readonly CatalogueEntry[];
  /** Called after an install or removal has succeeded, so engines can reload without a restart. */
  /** Awaited, so an install's answer comes after the engines have loaded the change. */
  onChange?: () => void | Promise<void>;
}

export interface InstallOptions extends ModelStoreOptions {
  /** Runs on the complete folder before it is installed; throwing refuses the model. */
  verify?: (folder: string, manifest: ModelManifest) => Promise<void>;
  onProgress?: (progress: InstallProgress) => void;
  /** Called as each step starts (a vocoder download comes after unpacking). */
  onStage?: (stage: InstallStage) => void;
  /** Replaces PUBLISHER_BASE_URL at the start of catalogue URLs. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Aborting cancels the install; nothing is installed and the staging files are removed. */
  signal?: AbortSignal;
  /** No bytes for this long ends a download (30 s by default). */
  stallTimeoutMs?: number;
  /** How many times a cut download resumes (5 by default). */
  maxResumes?: number;
  /** Files for the model's separately published parts (ZipVoice's vocoder), given instead of downloaded. */
  extraFiles?: readonly string[];
}

export interface InstallFromFileOptions extends InstallOptions {
  /** The archive's original name, when `archivePath` is a temporary file (an upload). */
  fileName?: string;
}

const INCOMING = '.incoming';
const TRASH = '.trash';
/** Letters, digits, '-', '_' and '.', starting with a letter or digit, so no name is hidden or climbs. */
const MODEL_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function checkName(name: string): void {
  if (!MODEL_NAME.test(name)) {
    throw new ModelInstallError(
      'BAD_NAME',
      `"${name}" is not a model name: use letters, digits, '-', '_' and '.', starting with a letter or digit.`,
    );
  }
}

/** Removes what an interrupted install or removal left behind; the server calls it at start. */
export async function cleanLeftovers(options: Pick<ModelStoreOptions, 'modelsDir'>): Promise<void> {
  await rm(path.join(options.modelsDir, INCOMING), { recursive: true, force: true });
  await rm(path.join(options.modelsDir, TRASH), { recursive: true, force: true });
}

async function newStaging(modelsDir: string): Promise<string> {
  const staging = path.join(modelsDir, INCOMING, randomBytes(8).toString('hex'));
  await mkdir(staging, { recursive: true });
  return staging;
}

async function folderFiles(folder: string): Promise<{ files: string[]; bytes: number }> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  let bytes = 0;
  const files: string[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    bytes += (await stat(full)).size;
    files.push(path.relative(folder, full).split(path.sep).join('/'));
  }
  return { files: files.sort(), bytes };
}

/** sherpa-onnx's archives hold one folder named like the archive; a model is that folder's content. */
async function modelRoot(unpacked: string): Promise<string> {
  const entries = await readdir(unpacked, { withFileTypes: true });
  const only = entries[0];
  return entries.length === 1 && only?.isDirectory() ? path.join(unpacked, only.name) : unpacked;
}

interface Unpacked {
  folder: string;
  sha256: string;
  source: ModelManifest['source'];
}

function checkChecksum(entry: CatalogueEntry | undefined, sha256: string): ModelManifest['checksum'] {
  if (!entry?.sha256) return 'recorded';
  if (entry.sha256.toLowerCase() !== sha256) {
    throw new ModelInstallError(
      'CHECKSUM_MISMATCH',
      `The archive of "${entry.name}" does not match its published checksum (expected ${entry.sha256}, got ${sha256}); it was not installed.`,
    );
  }
  return 'verified';
}

/**
 * Where a catalogue file is fetched from: with a mirror, every file under the publisher's address
 * (archives and extras such as ZipVoice's vocoder alike) is fetched from the mirror's same path.
 */
export function resolveUrl(url: string, baseUrl: string | undefined): string {
  if (!baseUrl || !url.startsWith(`${PUBLISHER_BASE_URL}/`)) return url;
  return baseUrl.replace(/\/$/, '') + url.slice(PUBLISHER_BASE_URL.length);
}

function downloadOptions(options: InstallOptions): DownloadOptions {
  return {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    ...(options.stallTimeoutMs !== undefined ? { stallTimeoutMs: options.stallTimeoutMs } : {}),
    ...(options.maxResumes !== undefined ? { maxResumes: options.maxResumes } : {}),
  };
}

/** Unpacks an archive file; aborting the install stops the read, and the staging folder goes with it. */
async function unpackFile(
  archivePath: string,
  format: ArchiveFormat,
  folder: string,
  fileName: string,
  signal?: AbortSignal,
) {
  return unpack(createReadStream(archivePath, signal ? { signal } : {}), format, folder, { fileName });
}

const sha256Of = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/**
 * Files the operator brought for a model's separately published parts (ZipVoice's vocoder), copied
 * in under the name the model expects, so an install from a file needs no network at all.
 */
async function placeExtraFiles(
  entry: CatalogueEntry | undefined,
  folder: string,
  extraFiles: readonly string[],
): Promise<void> {
  const expected = entry?.extras ?? [];
  for (const file of extraFiles) {
    const given = path.basename(file);
    const match =
      expected.find((extra) => extra.fileName === given) ?? (expected.length === 1 ? expected[0] : undefined);
    const fileName = match?.fileName ?? given;
    if (!/\.onnx$/i.test(fileName) || !MODEL_NAME.test(fileName)) {
      throw new ModelInstallError(
        'UNSUPPORTED_FORMAT',
        `"${given}" is not a model part: a second file must be an .onnx file.`,
      );
    }
    await copyFile(file, path.join(folder, fileName), fsConstants.COPYFILE_EXCL).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'EEXIST') {
        throw new ModelInstallError('BAD_ARCHIVE', `The archive already holds ${fileName}; leave out the second file.`);
      }
      throw error;
    });
  }
}

/** The catalogue's separately published files (ZipVoice's vocoder) that the folder does not hold yet. */
async function fetchExtras(entry: CatalogueEntry | undefined, folder: string, options: InstallOptions): Promise<void> {
  for (const extra of entry?.extras ?? []) {
    const target = path.join(folder, extra.fileName);
    if (await stat(target).catch(() => null)) continue;
    options.onStage?.('downloading');
    await downloadToFile(resolveUrl(extra.url, options.baseUrl), target, downloadOptions(options));
    if (extra.sha256 && extra.sha256 !== (await sha256Of(target))) {
      throw new ModelInstallError('CHECKSUM_MISMATCH', `${extra.fileName} does not match its published checksum.`);
    }
  }
}

async function buildManifest(
  name: string,
  root: string,
  unpacked: Unpacked,
  entry: CatalogueEntry | undefined,
): Promise<ModelManifest> {
  const family = entry?.family ?? (await detectFamily(root, name));
  if (!family || !MODEL_FAMILIES.includes(family)) {
    throw new ModelInstallError(
      'UNKNOWN_FAMILY',
      `"${name}" is not a model Sayso can run: its files match none of ${MODEL_FAMILIES.join(', ')}.`,
    );
  }
  const { files, bytes } = await folderFiles(root);
  return {
    name,
    family,
    title: entry?.title ?? name,
    languages: entry?.languages ?? [],
    license: entry?.license ?? 'unknown',
    commercialUse: entry?.commercialUse ?? null,
    sizeBytes: bytes,
    sha256: unpacked.sha256,
    checksum: checkChecksum(entry, unpacked.sha256),
    source: unpacked.source,
    installedAt: new Date().toISOString(),
    ...(entry ? { voices: entry.voices, sampleRate: entry.sampleRate } : {}),
    ...(entry?.licenseNote ? { licenseNote: entry.licenseNote } : {}),
    files: [...files, MANIFEST_FILE].sort(),
  };
}

/**
 * The last steps shared by both sources: detect the family, write the record, let `verify` look,
 * then rename into place. The rename is the only step that makes a model visible, and it fails
 * rather than overwrite when a model of that name exists.
 */
async function finishInstall(
  name: string,
  unpacked: Unpacked,
  entry: CatalogueEntry | undefined,
  options: InstallOptions,
): Promise<ModelManifest> {
  const root = await modelRoot(unpacked.folder);
  await placeExtraFiles(entry, root, options.extraFiles ?? []);
  await fetchExtras(entry, root, options);
  const manifest = await buildManifest(name, root, unpacked, entry);
  await writeFile(path.join(root, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  options.signal?.throwIfAborted();
  options.onStage?.('verifying');
  if (options.verify) {
    try {
      await options.verify(root, manifest);
    } catch (error) {
      throw new ModelInstallError('VERIFY_FAILED', `"${name}" did not load: ${(error as Error).message}`);
    }
  }
  try {
    await rename(root, path.join(options.modelsDir, name));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ENOTEMPTY' || code === 'EEXIST') throw alreadyInstalled(name);
    throw error;
  }
  return manifest;
}

const alreadyInstalled = (name: string) =>
  new ModelInstallError('ALREADY_INSTALLED', `"${name}" is already installed; remove it first to install it again.`);

async function refuseInstalled(modelsDir: string, name: string): Promise<void> {
  if (await stat(path.join(modelsDir, name)).catch(() => null)) throw alreadyInstalled(name);
}

/** Runs an install in its own staging folder, which is gone afterwards whether it succeeded or not. */
async function staged(
  options: InstallOptions,
  work: (staging: string) => Promise<ModelManifest>,
): Promise<ModelManifest> {
  const staging = await newStaging(options.modelsDir);
  try {
    const manifest = await work(staging);
    await options.onChange?.();
    return manifest;
  } catch (error) {
    if (options.signal?.aborted)
      throw new ModelInstallError('CANCELLED', 'The install was cancelled; nothing was installed.');
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Installs a catalogue model by name, streaming its archive from the publisher (or `baseUrl`). */
export async function installFromUrl(name: string, options: InstallOptions): Promise<ModelManifest> {
  checkName(name);
  const entry = findCatalogueEntry(name, options.catalogue ?? CATALOGUE);
  if (!entry) {
    throw new ModelInstallError(
      'NOT_IN_CATALOGUE',
      `"${name}" is not in the catalogue; install its archive from a file.`,
    );
  }
  await refuseInstalled(options.modelsDir, name);
  const url = resolveUrl(entry.url, options.baseUrl);
  const fileName = path.basename(new URL(entry.url).pathname);
  const { format } = parseArchiveName(fileName);
  return staged(options, async (staging) => {
    // Downloaded to a file first, then unpacked: a cut connection can resume from the bytes on
    // disk, and a slow unpack never holds the connection open.
    options.onStage?.('downloading');
    const archivePath = path.join(staging, fileName);
    await downloadToFile(url, archivePath, downloadOptions(options));
    options.onStage?.('unpacking');
    const folder = path.join(staging, 'unpacked');
    const { sha256 } = await unpackFile(archivePath, format, folder, fileName, options.signal);
    await rm(archivePath, { force: true });
    return finishInstall(name, { folder, sha256, source: { kind: 'url', url } }, entry, options);
  });
}

/** Installs a model from an archive on disk: .tar.bz2 (sherpa-onnx's format), .tar.gz, or a bare .onnx. */
export async function installFromFile(archivePath: string, options: InstallFromFileOptions): Promise<ModelManifest> {
  const fileName = path.basename(options.fileName ?? archivePath);
  const { format, baseName: name } = parseArchiveName(fileName);
  checkName(name);
  await refuseInstalled(options.modelsDir, name);
  const entry = findCatalogueEntry(name, options.catalogue ?? CATALOGUE);
  return staged(options, async (staging) => {
    const folder = path.join(staging, 'unpacked');
    options.onStage?.('unpacking');
    const { sha256 } = await unpackFile(archivePath, format, folder, fileName, options.signal);
    return finishInstall(name, { folder, sha256, source: { kind: 'file', fileName } }, entry, options);
  });
}

/** Uninstalls a model: renamed away first, so it vanishes at once and whole, then deleted. */
export async function removeModel(name: string, options: ModelStoreOptions): Promise<void> {
  checkName(name);
  const trash = path.join(options.modelsDir, TRASH, `${name}-${randomBytes(4).toString('hex')}`);
  await mkdir(path.dirname(trash), { recursive: true });
  try {
    await rename(path.join(options.modelsDir, name), trash);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') {
      throw new ModelInstallError('NOT_INSTALLED', `"${name}" is not installed.`);
    }
    throw error;
  }
  await options.onChange?.();
  await rm(trash, { recursive: true, force: true });
}

/** The installed models, by name; a folder without a readable record is not a model and is skipped. */
export async function listInstalled(options: Pick<ModelStoreOptions, 'modelsDir'>): Promise<ModelManifest[]> {
  const entries = await readdir(options.modelsDir, { withFileTypes: true }).catch(() => []);
  const manifests: ModelManifest[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || !MODEL_NAME.test(entry.name)) continue;
    // A folder placed by hand has no record; one with a malformed record is not listed either
    // (the sherpa engine reports it).
    const reading = await readManifest(path.join(options.modelsDir, entry.name));
    if (reading && 'manifest' in reading) manifests.push(reading.manifest);
  }
  return manifests.sort((a, b) => a.name.localeCompare(b.name));
}
