import { readdir, readFile, stat } from 'node:fs/promises';
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
  // Walked by hand: readdir's own recursion does not enter linked folders (the shared espeak-ng-data).
  const add = async (from: string, prefix: string): Promise<void> => {
    for (const entry of await readdir(from)) {
      const full = path.join(from, entry);
      if ((await stat(full)).isDirectory()) await add(full, `${prefix}/${entry}`);
      else tar.entry({ name: `${prefix}/${entry}` }, await readFile(full));
    }
  };
  await add(folder, name);
  tar.finalize();
  await done;
  return gzipSync(Buffer.concat(chunks));
}
