import ESpeakNg from 'espeak-ng';
import { parseWav } from '../../audio/audio.js';

/** Where the wasm build keeps its data; voice variants live under voices/!v. */
const VARIANTS_DIR = '/usr/local/share/espeak-ng-data/voices/!v';

/**
 * Runs eSpeak NG's command line once (each run is a fresh WebAssembly instance with its own file
 * system) and returns the WAV it wrote. A `variant` file, when given, is written into that file
 * system under `variant.name` before the program starts, so `-v <language>+<name>` can use it.
 */
export async function runEspeak(
  args: string[],
  text: string,
  variant?: { name: string; text: string },
): Promise<{ samples: Int16Array; sampleRate: number }> {
  const run = await ESpeakNg({
    arguments: [...args, '-w', '/out.wav', text],
    print: () => {},
    printErr: () => {},
    // The embedded data files exist only once the runtime is initialised, which is before main runs.
    onRuntimeInitialized() {
      if (variant) this.FS.writeFile(`${VARIANTS_DIR}/${variant.name}`, variant.text);
    },
  });
  return parseWav(run.FS.readFile('/out.wav'));
}
