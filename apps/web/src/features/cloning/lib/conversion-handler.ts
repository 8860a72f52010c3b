import { processingFailure } from './conversion-errors';
import { type ConversionProgress, changesOnly } from './conversion-progress';
import { decodeWavSound, type LameLoader, soundToMp3 } from './mp3-pipeline';
import type { DecodedSound } from './wav-decode';

/** What the page asks the conversion worker to do. */
export type ConversionRequest =
  /** Convert a file's bytes; the worker decodes them itself when they are a WAV it can read. */
  | { type: 'convert'; bytes: ArrayBuffer }
  /** Encode a sound the page decoded (formats only the browser's decoder understands). */
  | { type: 'encode'; sound: DecodedSound };

/** What the worker answers. */
export type ConversionReply =
  | { type: 'progress'; progress: ConversionProgress }
  /** Not a WAV: the bytes come back for the page to decode with Web Audio, which workers lack. */
  | { type: 'decode-in-page'; bytes: ArrayBuffer }
  | { type: 'done'; mp3: ArrayBuffer }
  | { type: 'failed'; kind: 'decodeFailed' | 'tooLarge' | 'failed' };

export type Reply = (reply: ConversionReply, transfer?: Transferable[]) => void;

/** Runs one request to its end, answering with progress along the way and then one final reply. */
export async function handleConversionRequest(
  request: ConversionRequest,
  reply: Reply,
  loadLame: LameLoader,
): Promise<void> {
  const report = changesOnly((progress) => reply({ type: 'progress', progress }));
  try {
    const sound = request.type === 'encode' ? request.sound : decodeWavSound(request.bytes, report);
    if (sound) {
      const mp3 = await soundToMp3(sound, report, loadLame);
      reply({ type: 'done', mp3: mp3.buffer as ArrayBuffer }, [mp3.buffer]);
    } else if (request.type === 'convert') {
      reply({ type: 'decode-in-page', bytes: request.bytes }, [request.bytes]);
    }
  } catch (error) {
    const failure = processingFailure(error);
    reply({
      type: 'failed',
      kind: failure.kind === 'decodeFailed' || failure.kind === 'tooLarge' ? failure.kind : 'failed',
    });
  }
}
