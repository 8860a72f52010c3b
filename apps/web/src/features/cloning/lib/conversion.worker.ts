import { createEncoder } from 'wasm-media-encoders';
import lameWasmUrl from 'wasm-media-encoders/wasm/mp3?url';
import { type ConversionReply, type ConversionRequest, handleConversionRequest } from './conversion-handler';
import type { LameLoader } from './mp3-pipeline';

/**
 * The dedicated worker's global scope, as far as this worker uses it. The web app's types describe
 * a window (the DOM library), whose postMessage takes a target origin; a worker's takes transfers.
 */
interface ConversionWorkerScope {
  onmessage: ((event: MessageEvent<ConversionRequest>) => void) | null;
  postMessage(reply: ConversionReply, transfer: Transferable[]): void;
}

const scope = self as unknown as ConversionWorkerScope;

/** LAME's WebAssembly comes from this site (a hashed asset of the build); compiled on first use and kept. */
let compiledLame: Parameters<typeof createEncoder>[1] | undefined;
const loadLame: LameLoader = () =>
  createEncoder('audio/mpeg', compiledLame ?? lameWasmUrl, (module) => {
    compiledLame = module;
  });

// Decoding, mixing, resampling and encoding a minute of sound takes seconds of steady work: here
// it blocks only this worker, and the page stays free to paint the progress it reports.
scope.onmessage = (event) => {
  void handleConversionRequest(event.data, (reply, transfer = []) => scope.postMessage(reply, transfer), loadLame);
};
