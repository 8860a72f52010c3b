import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { pack } from 'tar-stream';

/**
 * A `.tar.gz` of a stand-in model folder laid out as sherpa-onnx's archives are (one top folder
 * named like the archive). Links are followed, so the archive carries real files, as published ones do.
 */
export async function archiveOfFolder(folder: string, name: string): Promise<Buffer> {
  const tar = pack();
  const chunks: Buffer[] = [];
  tar.on('data', (chunk) => {
    chunks.push(chunk as Buffer);
  });
  const done = new Promise<void>((resolve, reject) => {
    tar.on('end', resolve);
    tar.on('error', reject);
  });
  tar.entry({ name: `${name}/`, type: 'directory' });
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const full = path.join(entry.parentPath, entry.name);
    const relative = path.relative(folder, full).split(path.sep).join('/');
    const bytes = await readFile(full).catch(() => null);
    if (bytes) tar.entry({ name: `${name}/${relative}` }, bytes);
  }
  tar.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}
