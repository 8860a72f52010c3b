import { CONVERSION_CANCELLED, CONVERSION_MESSAGES, ConversionError, processingFailure } from './conversion-errors';
import type { ConversionReply, ConversionRequest } from './conversion-handler';
import { type ConversionProgress, percentFor } from './conversion-progress';
import { type DecodedSound, readWavLayout } from './wav-decode';

/** A running conversion worker, or a stand-in that answers the same way. */
export interface Converter {
  send(request: ConversionRequest, transfer?: Transferable[]): void;
  /** Every reply; a worker that breaks answers 'failed'. */
  onReply(listener: (reply: ConversionReply) => void): void;
  /** Ends the work at once, wherever it is (cancel, or done). */
  stop(): void;
}

/** The conversion in a Web Worker of its own, so the page never waits on it. */
export function startWorkerConverter(): Converter {
  const worker = new Worker(new URL('./conversion.worker.ts', import.meta.url), { type: 'module' });
  return {
    send: (request, transfer = []) => worker.postMessage(request, transfer),
    onReply: (listener) => {
      worker.onmessage = (event: MessageEvent<ConversionReply>) => listener(event.data);
      // A worker that fails to load, or throws outside the handler, sends no answer of its own.
      worker.onerror = (event) => {
        event.preventDefault();
        listener({ type: 'failed', kind: 'failed' });
      };
    },
    stop: () => worker.terminate(),
  };
}

/**
 * The same work run in the page, for environments without Web Workers (jsdom in tests). It is
 * correct but keeps the page busy until it finishes; every browser the app supports has workers.
 */
export function startInPageConverter(): Converter {
  let listener: (reply: ConversionReply) => void = () => {};
  let stopped = false;
  return {
    send: (request) => {
      // LAME here is the package's build with its WebAssembly inlined, so it needs no fetch.
      Promise.all([import('./conversion-handler'), import('wasm-media-encoders')]).then(
        ([{ handleConversionRequest }, { createMp3Encoder }]) => {
          if (stopped) return;
          void handleConversionRequest(request, (reply) => (stopped ? undefined : listener(reply)), createMp3Encoder);
        },
        () => listener({ type: 'failed', kind: 'failed' }),
      );
    },
    onReply: (next) => {
      listener = next;
    },
    stop: () => {
      stopped = true;
    },
  };
}

const startConverter = (): Converter =>
  typeof Worker === 'function' ? startWorkerConverter() : startInPageConverter();

/** The browser's AudioContext, or a ConversionError when it has none. */
function audioContext(): AudioContext {
  const Context = globalThis.AudioContext;
  if (typeof Context !== 'function') {
    throw new ConversionError('unsupported', 'AudioContext is not available in this browser');
  }
  return new Context();
}

/** The spec's decode messages: the browser's EncodingError means corrupt or unknown format. */
function decodeFailure(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  if (error instanceof RangeError) return new ConversionError('tooLarge', CONVERSION_MESSAGES.tooLarge);
  if (error instanceof DOMException && error.name === 'EncodingError') {
    return new ConversionError('undecodable', CONVERSION_MESSAGES.undecodable);
  }
  return new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
}

/**
 * Decodes any audio the browser understands (video files included) to its samples. Web Audio
 * exists only in the page, not in workers; the browser decodes on a thread of its own meanwhile.
 */
export async function decodeInBrowser(bytes: ArrayBuffer): Promise<AudioBuffer> {
  const context = audioContext();
  try {
    return await context.decodeAudioData(bytes);
  } finally {
    void context.close();
  }
}

/**
 * The length of a file's audio in seconds: a WAV's from its header (no decoding, so a long file
 * costs the page nothing), any other file's by decoding it.
 */
export async function readDuration(file: File): Promise<number> {
  const bytes = await file.arrayBuffer();
  const wav = readWavLayout(bytes);
  if (wav) return wav.frameCount / wav.sampleRate;
  return (await decodeInBrowser(bytes)).duration;
}

const cancelled = () => new ConversionError('cancelled', CONVERSION_CANCELLED);

/**
 * Turns an audio or video file into a real MP3 (mono, 128 kbps), reporting the spec's stages in
 * order: reading 10, decoding 20-39, processing 40-59, encoding 60-90, finalizing 95, complete 100.
 * The worker decodes WAVs itself; other formats are decoded here with Web Audio and their samples
 * handed over. Mixing, resampling and encoding always run in the worker. Cancelling stops the
 * worker and rejects at once with 'Conversion cancelled by user'.
 */
export async function convertToMp3(
  file: File,
  onProgress: (progress: ConversionProgress) => void,
  signal?: AbortSignal,
  start: () => Converter = startConverter,
): Promise<File> {
  if (signal?.aborted) throw cancelled();
  onProgress({ stage: 'reading', percent: percentFor('reading') });
  const bytes = await readBytes(file);
  if (signal?.aborted) throw cancelled();
  const converter = start();
  try {
    const mp3 = await runConversion(converter, bytes, onProgress, signal);
    const named = new File([mp3], `${file.name.replace(/\.[^.]+$/, '')}.mp3`, { type: 'audio/mpeg' });
    onProgress({ stage: 'complete', percent: percentFor('complete') });
    return named;
  } finally {
    converter.stop();
  }
}

/** The file's bytes; a file that cannot be read (moved, or on a lost network share) is a network failure. */
async function readBytes(file: File): Promise<ArrayBuffer> {
  try {
    return await file.arrayBuffer();
  } catch (error) {
    if (error instanceof RangeError) throw new ConversionError('tooLarge', CONVERSION_MESSAGES.tooLarge);
    throw new ConversionError('network', error instanceof Error && error.message ? error.message : 'file read failed');
  }
}

/** Drives the converter from the file's bytes to the MP3's, passing its progress on. */
function runConversion(
  converter: Converter,
  bytes: ArrayBuffer,
  onProgress: (progress: ConversionProgress) => void,
  signal: AbortSignal | undefined,
): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    signal?.addEventListener('abort', () => reject(cancelled()), { once: true });
    converter.onReply((reply) => {
      if (signal?.aborted) return;
      switch (reply.type) {
        case 'progress':
          onProgress(reply.progress);
          return;
        case 'decode-in-page':
          decodeForWorker(reply.bytes, onProgress, signal).then(
            (sound) =>
              converter.send(
                { type: 'encode', sound },
                sound.channels.map((channel) => channel.buffer),
              ),
            reject,
          );
          return;
        case 'done':
          resolve(reply.mp3);
          return;
        case 'failed':
          reject(new ConversionError(reply.kind, CONVERSION_MESSAGES[reply.kind]));
      }
    });
    converter.send({ type: 'convert', bytes }, [bytes]);
  });
}

/** Decodes a non-WAV file with Web Audio and copies out its channels for the worker. */
async function decodeForWorker(
  bytes: ArrayBuffer,
  onProgress: (progress: ConversionProgress) => void,
  signal: AbortSignal | undefined,
): Promise<DecodedSound> {
  onProgress({ stage: 'decoding', percent: percentFor('decoding') });
  let decoded: AudioBuffer;
  try {
    decoded = await decodeInBrowser(bytes);
  } catch (error) {
    // A cancel pressed while the browser decoded wins over whatever the decode did.
    if (signal?.aborted) throw cancelled();
    throw decodeFailure(error);
  }
  if (signal?.aborted) throw cancelled();
  if (decoded.length === 0) throw new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
  try {
    // Copies, not the AudioBuffer's own arrays: those stay with the buffer, while copies can be
    // transferred to the worker without a second copy.
    const channels = Array.from({ length: decoded.numberOfChannels }, (_, index) =>
      decoded.getChannelData(index).slice(),
    );
    return { sampleRate: decoded.sampleRate, channels };
  } catch (error) {
    throw processingFailure(error);
  }
}
