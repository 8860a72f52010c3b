// eSpeak NG compiled to WebAssembly: each call runs the command line once, with its own file system.
declare module 'espeak-ng' {
  interface ESpeakFileSystem {
    readFile(path: string): Uint8Array;
    writeFile(path: string, data: string | Uint8Array): void;
    readdir(path: string): string[];
    stat(path: string): { mode: number };
    isDir(mode: number): boolean;
  }
  interface ESpeakModule {
    FS: ESpeakFileSystem;
  }
  export default function ESpeakNg(options: {
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Emscripten calls this with the module as `this` after the runtime (and its files) is ready, before main. */
    onRuntimeInitialized?: (this: ESpeakModule) => void;
    /**
     * Emscripten's hook to make the WebAssembly instance itself: given the imports, it instantiates
     * and hands the instance to `done`, answering `{}` to say the instance will come asynchronously.
     */
    instantiateWasm?: (imports: object, done: (instance: object, module: object) => void) => object;
  }): Promise<ESpeakModule>;
}
