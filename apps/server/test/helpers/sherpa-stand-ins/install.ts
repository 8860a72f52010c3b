import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, type ModelFamily, type ModelManifest } from '../../../src/models/manifest.js';

/**
 * Puts a stand-in model in a models folder the way the model manager leaves an install: the
 * files first, the manifest last. For tests of the engine alone; the manager's own path is
 * tested through `npm run models -- install --file`.
 */
export async function installStandIn(
  modelsDir: string,
  name: string,
  family: ModelFamily,
  write: (folder: string) => Promise<void>,
  languages: string[] = [],
): Promise<void> {
  const folder = path.join(modelsDir, name);
  await write(folder);
  const manifest: ModelManifest = {
    name,
    family,
    title: name,
    languages,
    license: 'unknown',
    commercialUse: null,
    sizeBytes: 0,
    sha256: '0'.repeat(64),
    checksum: 'recorded',
    source: { kind: 'file', fileName: `${name}.tar.bz2` },
    installedAt: new Date().toISOString(),
  };
  await writeFile(path.join(folder, MANIFEST_FILE), JSON.stringify(manifest));
}
