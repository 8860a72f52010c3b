import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { type ModelManifest, readManifest } from '../../models/manifest.js';

export interface InstalledModels {
  models: { folder: string; manifest: ModelManifest }[];
  /** Folders whose record is unreadable or malformed: reported, and their models skipped. */
  problems: string[];
}

/**
 * The models installed in `DATA_DIR/models`: each folder with a manifest. Folders starting with a
 * dot are the manager's work in progress and are never read.
 */
export async function readInstalledModels(modelsDir: string): Promise<InstalledModels> {
  await mkdir(modelsDir, { recursive: true });
  const entries = await readdir(modelsDir, { withFileTypes: true });
  const readings = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map(async (entry) => {
        const folder = path.join(modelsDir, entry.name);
        return { folder, reading: await readManifest(folder) };
      }),
  );
  const models: InstalledModels['models'] = [];
  const problems: string[] = [];
  for (const { folder, reading } of readings) {
    if (reading === null) continue;
    if ('problem' in reading) problems.push(reading.problem);
    else models.push({ folder, manifest: reading.manifest });
  }
  models.sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
  return { models, problems: problems.sort() };
}

/**
 * Calls `onChange` shortly after the models folder changes (a model installed or removed by the
 * admin page, or by `npm run models` in another process), so servers load models without a restart.
 */
export function watchModelsFolder(modelsDir: string, onChange: () => void, settleMs = 300): FSWatcher {
  let timer: NodeJS.Timeout | undefined;
  const watcher = watch(modelsDir, () => {
    clearTimeout(timer);
    timer = setTimeout(onChange, settleMs);
  });
  watcher.on('close', () => clearTimeout(timer));
  return watcher;
}
