// eSpeak NG compiled to WebAssembly: each call runs the command line once, with its own file system.
declare module 'espeak-ng' {
  interface ESpeakModule {
    FS: { readFile(path: string): Uint8Array };
  }
  export default function ESpeakNg(options: {
    arguments: string[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
  }): Promise<ESpeakModule>;
}
