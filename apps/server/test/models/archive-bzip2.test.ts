import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findSystemBzip2, unpack } from '../../src/models/archive.js';
import { tarOf } from './archives.js';

// Archives compressed by the system's own bzip2, as sherpa-onnx's are: every decoder must read them.
let root: string;
let program: string;
let archive: Buffer;
const weights = randomBytes(3_000_000);
const compress = (bytes: Buffer) => spawnSync(program, ['-c9'], { input: bytes, maxBuffer: 64 * 2 ** 20 }).stdout;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sayso-bzip2-'));
  const found = await findSystemBzip2();
  if (!found) throw new Error('these tests need the system bzip2 (Debian package bzip2) to make their archives');
  program = found;
  archive = compress(
    await tarOf([
      { name: 'voice/', type: 'directory' },
      { name: 'voice/model.onnx', body: weights },
      { name: 'voice/tokens.txt', body: 'a 1\nb 2\n' },
    ]),
  );
});
afterAll(() => rm(root, { recursive: true, force: true }));

/** Feeds the archive in small pieces, as a download arrives. */
const arriving = (bytes: Buffer) =>
  Readable.from(
    (function* () {
      for (let at = 0; at < bytes.length; at += 64 * 1024) yield bytes.subarray(at, at + 64 * 1024);
    })(),
  );

describe('bzip2 archives', () => {
  it('are read by the system bzip2 when there is one, and by the JavaScript decoder without it, to the same files', async () => {
    for (const [label, bzip2Program, decompressor] of [
      ['default', undefined, 'system bzip2'],
      ['javascript', null, 'unbzip2-stream'],
    ] as const) {
      const folder = path.join(root, label);
      const result = await unpack(arriving(archive), 'tar.bz2', folder, { fileName: 'voice.tar.bz2', bzip2Program });
      expect(result).toMatchObject({ bytes: archive.length, decompressor });
      expect((await readFile(path.join(folder, 'voice', 'model.onnx'))).equals(weights)).toBe(true);
      expect(await readFile(path.join(folder, 'voice', 'tokens.txt'), 'utf8')).toBe('a 1\nb 2\n');
    }
  });

  it('refuse a cut or corrupt archive with BAD_ARCHIVE, whichever decoder reads it', async () => {
    const cut = archive.subarray(0, Math.floor(archive.length / 2));
    const corrupt = Buffer.from(archive);
    corrupt.fill(0x55, 2_000, 2_400);
    for (const bzip2Program of [program, null]) {
      for (const [name, bytes] of [
        ['cut', cut],
        ['corrupt', corrupt],
      ] as const) {
        const folder = path.join(root, `${name}-${bzip2Program ?? 'js'}`);
        await expect(
          unpack(arriving(bytes), 'tar.bz2', folder, { fileName: 'voice.tar.bz2', bzip2Program }),
          `${name} through ${bzip2Program ?? 'unbzip2-stream'}`,
        ).rejects.toMatchObject({ code: 'BAD_ARCHIVE' });
      }
    }
  });
});
