import { access, mkdtemp, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * A folder written once per machine and reused by every later run: `folder` once `marker` exists
 * in it. Test workers may race to create it: each writes into its own staging folder and renames
 * it into place, and a loser's rename fails harmlessly.
 */
export async function machineFolder(
  folder: string,
  marker: string,
  write: (staging: string) => Promise<void>,
): Promise<string> {
  const markerFile = path.join(folder, marker);
  try {
    await access(markerFile);
    return folder;
  } catch {
    // Not written yet.
  }
  const staging = await mkdtemp(`${folder}-staging-`);
  await write(staging);
  try {
    await rename(staging, folder);
  } catch {
    await rm(staging, { recursive: true, force: true });
  }
  await access(markerFile);
  return folder;
}
