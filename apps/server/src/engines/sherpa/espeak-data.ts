import { randomUUID } from 'node:crypto';
import { cp, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { isFolder } from './model-files.js';

/** In the models folder; dot-named, so the model manager never reads it as a model. */
export const SHARED_ESPEAK_DATA = '.espeak-ng-data';

/**
 * The eSpeak data folder to give every model that brings its own. sherpa-onnx sets eSpeak up once
 * per process, with the folder of the first model that needs it, and goes back to that folder
 * whenever a voice needs a language it has not read yet. Were that a model's own folder, removing
 * the model would leave every other one phonemizing from a folder that is gone, until the server
 * restarted. So the first model's data is copied once beside the models, where no removal reaches.
 */
export async function sharedEspeakData(modelsDir: string, modelData: string): Promise<string> {
  const shared = path.join(modelsDir, SHARED_ESPEAK_DATA);
  if (await isFolder(shared)) return shared;
  // Copied under a name of its own, then renamed: a folder half written is never taken for done.
  const staging = `${shared}-${randomUUID()}`;
  try {
    await cp(modelData, staging, { recursive: true, dereference: true });
    await rename(staging, shared);
  } catch (error) {
    // Another process on this DATA_DIR (an API beside a worker) may have put it there first.
    if (!(await isFolder(shared))) throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return shared;
}
