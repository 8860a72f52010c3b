// Issue 35: how fast model archives are decompressed. sherpa-onnx publishes its models as .tar.bz2
// (Kokoro's is about 333 MB), and bzip2 decoding is most of an install's CPU. This makes an archive
// like a model's (float32 weights drawn from a normal distribution, which bzip2 barely shrinks, as
// with real weights), then measures the decoders the installer can use: the system's `bzip2 -dc` in
// a child process and the JavaScript fallback (unbzip2-stream), each alone (CPU seconds, so a busy
// machine skews less) and through the installer's own unpack (wall time, tar extraction included).
//
// Measured once by hand on the same archive, and not kept as dependencies: seek-bzip 2.0.0 (pure
// JavaScript) and @foxglove/wasm-bz2 0.3.0 (WebAssembly) both need the whole archive in memory
// (and the wasm one its unpacked size up front), which a 333 MB download rules out for a server.
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { findSystemBzip2, unpack } from '../../apps/server/src/models/archive.js';

/** The weights' size; BENCH_BZIP2_MB changes it (64 MB: a run takes two to three minutes). */
const WEIGHT_MB = Number(process.env.BENCH_BZIP2_MB ?? 64);

export interface DecoderResult {
  name: string;
  /** Compressed megabytes decoded per CPU second of the decoder alone. */
  mbPerCpuSecond: number;
  /** Compressed megabytes per second of wall time through the installer's unpack. */
  mbPerWallSecondUnpack: number;
}

export interface Bzip2Measurement {
  archiveMb: number;
  unpackedMb: number;
  decoders: DecoderResult[];
}

function run(program: string, args: string[], options: { cwd?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      out += text;
    });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${program} exited with ${code}`))));
  });
}

/** Writes `megabytes` of float32 weights in chunks (no 64 MB array in memory). */
async function writeWeights(file: string, megabytes: number): Promise<void> {
  const out = createWriteStream(file);
  const perChunk = 1 << 18;
  for (let written = 0; written < megabytes * 1e6; written += perChunk * 4) {
    const chunk = new Float32Array(perChunk);
    for (let index = 0; index < perChunk; index += 1) {
      const u = Math.random() || Number.MIN_VALUE;
      chunk[index] = 0.05 * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * Math.random());
    }
    if (!out.write(Buffer.from(chunk.buffer))) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** CPU seconds of `bzip2 -dc archive > /dev/null`, from the shell's own account of its children. */
async function nativeCpuSeconds(program: string, archive: string): Promise<number> {
  const out = await run('bash', ['-c', `"$0" -dc "$1" > /dev/null; times`, program, archive]);
  const children = out.trim().split('\n').pop() ?? '';
  return [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce(
    (sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds),
    0,
  );
}

/** CPU seconds of unbzip2-stream decoding the archive in this process. */
async function javascriptCpuSeconds(archive: string): Promise<number> {
  // Resolved from the server's workspace, whose dependency it is.
  const unbzip2 = createRequire(path.resolve('apps/server/package.json'))(
    'unbzip2-stream',
  ) as () => NodeJS.ReadWriteStream;
  const before = process.cpuUsage();
  const sink = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  await pipeline(createReadStream(archive), unbzip2(), sink);
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1e6;
}

async function unpackSeconds(archive: string, folder: string, bzip2Program: string | null): Promise<number> {
  const started = performance.now();
  await unpack(createReadStream(archive), 'tar.bz2', folder, { fileName: 'model.tar.bz2', bzip2Program });
  return (performance.now() - started) / 1000;
}

export async function measureBzip2Decoders(): Promise<Bzip2Measurement> {
  const program = await findSystemBzip2();
  if (!program) throw new Error('the bzip2 bench needs the system bzip2 to make its archive (Debian package bzip2)');
  const root = await mkdtemp(path.join(tmpdir(), 'sayso-bench-bzip2-'));
  try {
    await mkdir(path.join(root, 'model'));
    await writeWeights(path.join(root, 'model', 'model.onnx'), WEIGHT_MB);
    await run('tar', ['-cf', 'model.tar', 'model'], { cwd: root });
    await run(program, ['-9', 'model.tar'], { cwd: root });
    const archive = path.join(root, 'model.tar.bz2');
    const archiveMb = (await stat(archive)).size / 1e6;
    const decoders: DecoderResult[] = [];
    const nativeCpu = await nativeCpuSeconds(program, archive);
    const nativeWall = await unpackSeconds(archive, path.join(root, 'native'), program);
    decoders.push({
      name: `system bzip2 (${program}, child process)`,
      mbPerCpuSecond: archiveMb / nativeCpu,
      mbPerWallSecondUnpack: archiveMb / nativeWall,
    });
    const jsCpu = await javascriptCpuSeconds(archive);
    const jsWall = await unpackSeconds(archive, path.join(root, 'javascript'), null);
    decoders.push({
      name: 'unbzip2-stream (JavaScript fallback)',
      mbPerCpuSecond: archiveMb / jsCpu,
      mbPerWallSecondUnpack: archiveMb / jsWall,
    });
    return { archiveMb, unpackedMb: WEIGHT_MB, decoders };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export function describeBzip2(result: Bzip2Measurement): string {
  const lines = [
    `Archive: ${result.archiveMb.toFixed(1)} MB .tar.bz2 (bzip2 -9) of ${result.unpackedMb} MB float32 weights`,
    '',
    '| decoder | MB/s per CPU second (decoder alone) | MB/s wall (installer unpack, tar included) |',
    '| --- | --- | --- |',
    ...result.decoders.map(
      (decoder) =>
        `| ${decoder.name} | ${decoder.mbPerCpuSecond.toFixed(1)} | ${decoder.mbPerWallSecondUnpack.toFixed(1)} |`,
    ),
  ];
  return lines.join('\n');
}
