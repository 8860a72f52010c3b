import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ESpeakNg from 'espeak-ng';

/** Where the WebAssembly build of eSpeak NG keeps its data inside its own file system. */
const EMBEDDED_DATA = '/usr/local/share/espeak-ng-data';

/**
 * Writes eSpeak NG's data folder (`espeak-ng-data`, what sherpa-onnx's Piper and Kokoro models
 * phonemise with and what their published archives carry) out of the `espeak-ng` npm package,
 * whose WebAssembly build embeds it. The stand-in models then need nothing outside npm.
 */
export async function writeEspeakNgData(folder: string): Promise<void> {
  if (await stat(path.join(folder, 'phondata')).catch(() => null)) return;
  const module = await ESpeakNg({ arguments: ['--version'], print: () => {}, printErr: () => {} });
  const fs = module.FS;
  const copy = async (from: string, to: string): Promise<void> => {
    await mkdir(to, { recursive: true });
    for (const name of fs.readdir(from)) {
      if (name === '.' || name === '..') continue;
      const source = `${from}/${name}`;
      if (fs.isDir(fs.stat(source).mode)) await copy(source, path.join(to, name));
      else await writeFile(path.join(to, name), fs.readFile(source));
    }
  };
  await copy(EMBEDDED_DATA, folder);
}
