import { type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MANIFEST_FILE, type ModelManifest } from '../../models/manifest.js';

/**
 * The models installed in `DATA_DIR/models`: each folder with a manifest. Folders starting with a
 * dot are the manager's work in progress and are never read.
 */
export async function readInstalledModels(modelsDir: string): Promise<{ folder: string; manifest: ModelManifest }[]> {
  await mkdir(modelsDir, { recursive: true });
  const entries = await readdir(modelsDir, { withFileTypes: true });
  const found = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
      .map(async (entry) => {
        const folder = path.join(modelsDir, entry.name);
        const text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8').catch(() => null);
        return text === null ? null : { folder, manifest: JSON.parse(text) as ModelManifest };
      }),
  );
  return found.filter((model) => model !== null).sort((a, b) => a.manifest.name.localeCompare(b.manifest.name));
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
