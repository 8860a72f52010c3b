import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { pack as tarPack } from 'tar-stream';

const require = createRequire(import.meta.url);
// compressjs ships no types; its Bzip2.compressFile takes and returns bytes.
const compressjs = require('compressjs') as { Bzip2: { compressFile(input: Uint8Array): ArrayLike<number> } };

export interface TarEntry {
  name: string;
  body?: string | Buffer;
  type?: 'file' | 'directory' | 'symlink' | 'link';
  linkname?: string;
}

/** A tar archive holding `entries` as written, bad paths included (tar-stream does not clean them). */
export async function tarOf(entries: TarEntry[]): Promise<Buffer> {
  const pack = tarPack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const done = new Promise<void>((resolve, reject) => {
    pack.on('end', resolve);
    pack.on('error', reject);
  });
  for (const entry of entries) {
    const type = entry.type ?? 'file';
    if (type === 'file') pack.entry({ name: entry.name }, entry.body ?? '');
    else pack.entry({ name: entry.name, type, ...(entry.linkname ? { linkname: entry.linkname } : {}) });
  }
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

export const bzip2 = (bytes: Buffer): Buffer => Buffer.from(compressjs.Bzip2.compressFile(bytes));
export const gzip = (bytes: Buffer): Buffer => gzipSync(bytes);

/** A stand-in Piper voice as sherpa-onnx packs it: one folder named like the archive, dummy model bytes. */
export function piperEntries(folder: string): TarEntry[] {
  return [
    { name: `${folder}/`, type: 'directory' },
    { name: `${folder}/${folder}.onnx`, body: Buffer.alloc(2048, 7) },
    { name: `${folder}/tokens.txt`, body: '_ 0\na 1\n' },
    { name: `${folder}/espeak-ng-data/`, type: 'directory' },
    { name: `${folder}/espeak-ng-data/phontab`, body: 'phonemes' },
  ];
}
