import { spawn } from 'node:child_process';
import { createHash, type Hash } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { access, link, mkdir, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { Duplex, type Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { type Header, extract as tarExtract } from 'tar-stream';
import unbzip2 from 'unbzip2-stream';
import { ModelInstallError } from './errors.js';

export type ArchiveFormat = 'tar.bz2' | 'tar.gz' | 'onnx';

const SUFFIXES: [string, ArchiveFormat][] = [
  ['.tar.bz2', 'tar.bz2'],
  ['.tbz2', 'tar.bz2'],
  ['.tar.gz', 'tar.gz'],
  ['.tgz', 'tar.gz'],
  ['.onnx', 'onnx'],
];

/** The archive's format and base name (`kokoro-multi-lang-v1_0.tar.bz2` -> `kokoro-multi-lang-v1_0`). */
export function parseArchiveName(fileName: string): { format: ArchiveFormat; baseName: string } {
  const base = path.basename(fileName);
  for (const [suffix, format] of SUFFIXES) {
    if (base.toLowerCase().endsWith(suffix)) return { format, baseName: base.slice(0, -suffix.length) };
  }
  throw new ModelInstallError(
    'UNSUPPORTED_FORMAT',
    `"${base}" is not a model archive: use a .tar.bz2, .tar.gz or .onnx file.`,
  );
}

/** Passes bytes through unchanged while hashing them, so the checksum costs no second read. */
function hashingTap(hash: Hash, onBytes?: (bytes: number) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      onBytes?.(chunk.length);
      callback(null, chunk);
    },
  });
}

const notBzip2 = (why: string) =>
  new ModelInstallError('BAD_ARCHIVE', `The archive is not a complete bzip2 file (${why}).`);

/**
 * The system's `bzip2` program, when it is on the PATH: decompressing a model through it is about
 * four times faster per CPU second than any JavaScript decoder measured (bench/src/bzip2-decoders.ts),
 * which is minutes of CPU for a Kokoro install on a small server. Looked up once.
 */
let systemBzip2: Promise<string | null> | null = null;
export function findSystemBzip2(): Promise<string | null> {
  systemBzip2 ??= (async () => {
    for (const folder of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
      const program = path.join(folder, 'bzip2');
      if (
        await access(program, constants.X_OK).then(
          () => true,
          () => false,
        )
      )
        return program;
    }
    return null;
  })();
  return systemBzip2;
}

/**
 * `bzip2 -dc` in a child process as a stream: compressed bytes in, the tar out, with backpressure
 * both ways. A corrupt or cut archive ends the stream with the program's own complaint; a stream
 * destroyed early (a bad tar entry, a cancelled install) ends the child.
 */
function nativeBunzip2(program: string): Duplex {
  const child = spawn(program, ['-dc'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let complaint = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    if (complaint.length < 2_000) complaint += text;
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const stream = new Duplex({
    write(chunk: Buffer, _encoding, callback) {
      if (child.stdin.write(chunk)) callback();
      else child.stdin.once('drain', () => callback());
    },
    final(callback) {
      child.stdin.end();
      callback();
    },
    read() {
      child.stdout.resume();
    },
    destroy(error, callback) {
      if (child.exitCode === null) child.kill();
      callback(error);
    },
  });
  child.stdout.on('data', (chunk: Buffer) => {
    if (!stream.push(chunk)) child.stdout.pause();
  });
  child.stdout.on('end', () => {
    void exited.then((code) => {
      if (code === 0) stream.push(null);
      else stream.destroy(notBzip2(complaint.trim().split('\n').pop() || `bzip2 exited with ${code}`));
    });
  });
  // The program stops reading when the data is corrupt; its exit status says why, not this EPIPE.
  child.stdin.on('error', () => {});
  child.on('error', (error) => stream.destroy(error));
  return stream;
}

/**
 * unbzip2-stream is an old-style `through` stream; this wraps it in a Transform so it joins a
 * pipeline and its errors (a truncated or corrupt stream) end the pipeline. The fallback where
 * the system has no `bzip2`: slower, but streaming (the faster JavaScript and WebAssembly decoders
 * measured need the whole archive in memory).
 */
function javascriptBunzip2(): Transform {
  const inner = unbzip2();
  let done: ((error?: Error | null) => void) | null = null;
  const outer = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      inner.write(chunk);
      callback();
    },
    flush(callback) {
      done = callback;
      inner.end();
    },
  });
  inner.on('data', (chunk: Buffer) => outer.push(chunk));
  inner.on('end', () => done?.());
  inner.on('error', (error: Error) => {
    const cause = notBzip2(error.message);
    if (done) done(cause);
    else outer.destroy(cause);
  });
  return outer;
}

const unsafe = (entry: string, why: string) =>
  new ModelInstallError('UNSAFE_ARCHIVE', `The archive was refused: its entry "${entry}" ${why}.`);

function inside(root: string, target: string): boolean {
  return target.startsWith(root + path.sep);
}

/**
 * Where an entry may be written, or an error: no absolute paths, no `..`, nothing that resolves
 * outside the folder. Checked per entry before anything of it is written.
 */
function entryTarget(root: string, header: Header): string {
  const name = header.name;
  if (path.isAbsolute(name) || /^[a-zA-Z]:/.test(name) || name.includes('\\')) {
    throw unsafe(name, 'has an absolute or Windows path');
  }
  if (name.split('/').includes('..')) throw unsafe(name, 'climbs out of the folder with ".."');
  const target = path.resolve(root, name);
  if (target !== root && !inside(root, target)) throw unsafe(name, 'points outside the folder');
  return target;
}

async function checkLink(root: string, header: Header, target: string): Promise<string> {
  const linkName = header.linkname ?? '';
  if (path.isAbsolute(linkName)) throw unsafe(header.name, `links to the absolute path "${linkName}"`);
  // A symlink's target is relative to its own folder; a hard link's to the archive's root.
  const resolved =
    header.type === 'symlink' ? path.resolve(path.dirname(target), linkName) : path.resolve(root, linkName);
  if (!inside(root, resolved)) throw unsafe(header.name, `links outside the folder, to "${linkName}"`);
  return resolved;
}

/** A symlink written earlier could redirect a later entry's folder: the real parent must still be inside. */
async function checkRealParent(realRoot: string, target: string, entry: string): Promise<void> {
  const parent = await realpath(path.dirname(target));
  if (parent !== realRoot && !inside(realRoot, parent))
    throw unsafe(entry, 'is written through a link outside the folder');
}

async function writeEntry(root: string, realRoot: string, header: Header, body: Readable): Promise<void> {
  const target = entryTarget(root, header);
  switch (header.type) {
    case 'directory':
      await mkdir(target, { recursive: true });
      body.resume();
      return;
    case 'file':
    case 'contiguous-file': {
      await mkdir(path.dirname(target), { recursive: true });
      await checkRealParent(realRoot, target, header.name);
      // The archive's modes are not kept: a model needs no executable or set-uid files. 'wx' never
      // follows or overwrites what an earlier entry put there (a link, above all).
      await pipeline(body, createWriteStream(target, { flags: 'wx', mode: 0o644 })).catch((error: unknown) => {
        if ((error as { code?: string }).code === 'EEXIST') throw unsafe(header.name, 'overwrites an earlier entry');
        throw error;
      });
      return;
    }
    case 'symlink':
    case 'link': {
      const resolved = await checkLink(root, header, target);
      await mkdir(path.dirname(target), { recursive: true });
      await checkRealParent(realRoot, target, header.name);
      if (header.type === 'symlink') await symlink(header.linkname ?? '', target);
      else await link(resolved, target);
      body.resume();
      return;
    }
    default:
      throw unsafe(header.name, `is a ${header.type ?? 'special'} entry, which a model never holds`);
  }
}

/** A tar reader that writes each entry into `root` after checking it, and fails the whole archive on the first bad one. */
function tarWriter(root: string, realRoot: string): Writable {
  const extract = tarExtract();
  extract.on('entry', (header, body, next) => {
    // streamx's entry stream reads like a Node Readable for what writeEntry does with it (pipe, resume).
    writeEntry(root, realRoot, header, body as unknown as Readable).then(
      () => next(),
      (error: unknown) => next(error instanceof Error ? error : new Error(String(error))),
    );
  });
  // tar-stream's extract is a streamx Writable, which Node's pipeline drives like its own.
  return extract as unknown as Writable;
}

export interface UnpackResult {
  sha256: string;
  bytes: number;
  /** What decompressed it: the system's bzip2, the JavaScript fallback, zlib, or nothing (a bare .onnx). */
  decompressor: 'system bzip2' | 'unbzip2-stream' | 'gunzip' | 'none';
}

/**
 * Reads an archive from `source` into the empty folder `root`, hashing the compressed bytes as
 * they pass. A bare .onnx is written as `root/<fileName>`.
 */
export async function unpack(
  source: Readable,
  format: ArchiveFormat,
  root: string,
  options: {
    fileName: string;
    onBytes?: (bytes: number) => void;
    /** The bzip2 program to use; null for the JavaScript decoder; by default the system's, when it has one. */
    bzip2Program?: string | null;
  },
): Promise<UnpackResult> {
  await mkdir(root, { recursive: true });
  const realRoot = await realpath(root);
  const hash = createHash('sha256');
  let bytes = 0;
  const tap = hashingTap(hash, (count) => {
    bytes += count;
    options.onBytes?.(count);
  });
  let decompressor: UnpackResult['decompressor'] = 'none';
  if (format === 'onnx') {
    await pipeline(source, tap, createWriteStream(path.join(root, path.basename(options.fileName)), { mode: 0o644 }));
  } else {
    const program = format === 'tar.bz2' ? await bzip2ProgramFor(options.bzip2Program) : null;
    decompressor = format === 'tar.gz' ? 'gunzip' : program ? 'system bzip2' : 'unbzip2-stream';
    const decompress = format === 'tar.gz' ? createGunzip() : program ? nativeBunzip2(program) : javascriptBunzip2();
    try {
      await pipeline(source, tap, decompress, tarWriter(realRoot, realRoot));
    } catch (error) {
      if (error instanceof ModelInstallError) throw error;
      if ((error as { code?: string }).code === 'Z_DATA_ERROR' || /tar|header/i.test(String(error))) {
        throw new ModelInstallError('BAD_ARCHIVE', `The archive could not be read (${(error as Error).message}).`);
      }
      throw error;
    }
  }
  return { sha256: hash.digest('hex'), bytes, decompressor };
}

const bzip2ProgramFor = async (chosen: string | null | undefined) =>
  chosen === undefined ? findSystemBzip2() : chosen;
