/**
 * An `espeak-ng-data` folder for sherpa-onnx families that phonemize with eSpeak (ZipVoice's
 * English, and VITS/Kokoro/Matcha), built without a download: the `espeak-ng` npm package (eSpeak NG
 * compiled to WebAssembly) carries the data in its Emscripten file system at
 * /usr/local/share/espeak-ng-data, and sherpa's bundled eSpeak accepts those files.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ESpeakNg from 'espeak-ng';
import { machineFolder } from '../machine-folder.js';

const DATA_IN_MODULE = '/usr/local/share/espeak-ng-data';
/** Versioned so a newer package never reuses an older copy. */
const CACHE = path.join(tmpdir(), 'sayso-test-espeak-ng-data-1.0.2');

async function extract(into: string): Promise<void> {
  // '--version' makes main() return at once; the files are in place before it runs.
  const module = await ESpeakNg({ arguments: ['--version'], print() {}, printErr() {} });
  const tree = module.FS;
  const copy = async (from: string, to: string): Promise<void> => {
    await mkdir(to, { recursive: true });
    for (const name of tree.readdir(from)) {
      if (name === '.' || name === '..') continue;
      const source = `${from}/${name}`;
      if (tree.isDir(tree.stat(source).mode)) await copy(source, path.join(to, name));
      else await writeFile(path.join(to, name), tree.readFile(source));
    }
  };
  await copy(DATA_IN_MODULE, into);
}

let pending: Promise<string> | undefined;

/** The folder's path, extracted once per machine into the temp directory (about 18 MB, 445 files). */
export function espeakNgDataDir(): Promise<string> {
  pending ??= machineFolder(CACHE, 'phontab', extract);
  return pending;
}

/**
 * Gives a stand-in model folder its `espeak-ng-data`, as the published archives carry it: a link
 * to the one shared copy, so each model does not write 18 MB.
 */
export async function linkEspeakNgData(target: string): Promise<void> {
  await symlink(await espeakNgDataDir(), target, 'dir');
}
