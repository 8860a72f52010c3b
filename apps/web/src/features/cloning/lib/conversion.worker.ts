import { type ConversionReply, type ConversionRequest, handleConversionRequest } from './conversion-handler';

/**
 * The dedicated worker's global scope, as far as this worker uses it. The web app's types describe
 * a window (the DOM library), whose postMessage takes a target origin; a worker's takes transfers.
 */
interface ConversionWorkerScope {
  onmessage: ((event: MessageEvent<ConversionRequest>) => void) | null;
  postMessage(reply: ConversionReply, transfer: Transferable[]): void;
}

const scope = self as unknown as ConversionWorkerScope;

// Decoding, mixing, resampling and encoding a minute of sound takes seconds of steady work: here
// it blocks only this worker, and the page stays free to paint the progress it reports.
scope.onmessage = (event) => {
  handleConversionRequest(event.data, (reply, transfer = []) => scope.postMessage(reply, transfer));
};
