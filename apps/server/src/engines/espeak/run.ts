import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import ESpeakNg from 'espeak-ng';
import { parseWav } from '../../audio/audio.js';

/** Where the wasm build keeps its data; voice variants live under voices/!v. */
const VARIANTS_DIR = '/usr/local/share/espeak-ng-data/voices/!v';

/**
 * eSpeak's 18 MB WebAssembly module, compiled once per thread and kept: every run still needs an
 * instance of its own (the program keeps state between runs that cannot be reset from outside),
 * but instantiating a compiled module skips the compile.
 */
let compiled: Promise<CompiledWasm> | undefined;

/** A compiled WebAssembly module, opaque here: it is only handed back to WebAssembly. */
type CompiledWasm = object;

/** Node's WebAssembly object; the TypeScript libraries this project uses declare only its types. */
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
interface WasmApi {
  compile(bytes: Uint8Array): Promise<CompiledWasm>;
  instantiate(module: CompiledWasm, imports: object): Promise<object>;
}

function compiledEspeak(): Promise<CompiledWasm> {
  compiled ??= readFile(createRequire(import.meta.url).resolve('espeak-ng/dist/espeak-ng.wasm')).then((bytes) =>
    wasm.compile(bytes),
  );
  return compiled;
}

/**
 * Runs `work` with stack traces off. While eSpeak lays out its 445 data files, its file system
 * throws (and catches) an error for every folder that already exists, and this build captures and
 * demangles a stack trace for each: thousands per run, most of the run's JavaScript time (more
 * still under a test runner that maps stacks to sources). Nothing reads them. The whole run, from
 * the instance to the end of `main`, happens synchronously inside `work`, so no other code runs
 * with the limit lowered.
 */
function withoutStackTraces<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return work();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Runs eSpeak NG's command line once (each run is a fresh WebAssembly instance with its own file
 * system) and returns the WAV it wrote, decoded. A `variant` file, when given, is written into that
 * file system under `variant.name` before the program starts, so `-v <language>+<name>` can use it.
 */
export async function runEspeak(
  args: string[],
  text: string,
  variant?: { name: string; text: string },
): Promise<{ samples: Int16Array; sampleRate: number }> {
  return parseWav(await runEspeakWav(args, text, variant));
}

/** `runEspeak`, returning the WAV file's bytes as eSpeak wrote them. */
export async function runEspeakWav(
  args: string[],
  text: string,
  variant?: { name: string; text: string },
): Promise<Uint8Array> {
  const module = await compiledEspeak();
  // Emscripten waits forever for an instance that never comes, so a failed instantiation ends the run here.
  let instantiationFailed: (error: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => {
    instantiationFailed = reject;
  });
  const started = ESpeakNg({
    arguments: [...args, '-w', '/out.wav', text],
    print: () => {},
    printErr: () => {},
    instantiateWasm(imports, done) {
      wasm
        .instantiate(module, imports)
        .then((instance) => withoutStackTraces(() => done(instance, module)))
        .catch(instantiationFailed);
      return {};
    },
    // The embedded data files exist only once the runtime is initialised, which is before main runs.
    onRuntimeInitialized() {
      if (variant) this.FS.writeFile(`${VARIANTS_DIR}/${variant.name}`, variant.text);
    },
  });
  const run = await Promise.race([started, failure]);
  return run.FS.readFile('/out.wav');
}
