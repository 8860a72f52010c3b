import { Mp3Encoder } from '@breezystack/lamejs';

export type ConversionStage = 'reading' | 'decoding' | 'processing' | 'encoding' | 'finalizing' | 'complete';

export interface ConversionProgress {
  stage: ConversionStage;
  percent: number;
}

export const CONVERSION_CANCELLED = 'Conversion cancelled by user';
const FRAME = 1152;
const FRAMES_PER_SLICE = 300;

/** The conversion helper's own messages (spec section 8). */
export const CONVERSION_MESSAGES = {
  undecodable:
    'Unable to decode audio file. The file may be corrupted or in an unsupported format. Please try with an MP3 file.',
  decodeFailed:
    'Failed to decode audio file. Please ensure the file is a valid audio file and try again with an MP3 or WAV file for best compatibility.',
  tooLarge: 'File is too large to process. Please try with a smaller file (under 10MB recommended).',
  failed: 'Audio conversion failed. Please try with an MP3 or WAV file.',
} as const;

/**
 * Why a conversion stopped. `kind` lets the screen choose its message without parsing text:
 * 'unsupported' means this browser has no Web Audio to convert with at all.
 */
export class ConversionError extends Error {
  constructor(
    readonly kind: 'undecodable' | 'decodeFailed' | 'tooLarge' | 'failed' | 'unsupported' | 'network' | 'cancelled',
    message: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

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

/** Decodes any audio the browser understands (video files included) to its samples. */
export async function decodeInBrowser(bytes: ArrayBuffer): Promise<AudioBuffer> {
  const context = audioContext();
  try {
    return await context.decodeAudioData(bytes);
  } finally {
    void context.close();
  }
}

/** The length of a file's audio in seconds, read by decoding it. */
export async function readDuration(file: File): Promise<number> {
  return (await decodeInBrowser(await file.arrayBuffer())).duration;
}

function mono(buffer: AudioBuffer): Int16Array {
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) => buffer.getChannelData(index));
  const samples = new Int16Array(buffer.length);
  for (let i = 0; i < buffer.length; i += 1) {
    let sum = 0;
    for (const channel of channels) sum += channel[i] ?? 0;
    const value = sum / channels.length;
    samples[i] = Math.max(-32_768, Math.min(32_767, Math.round(value * 32_767)));
  }
  return samples;
}

/**
 * Turns an audio or video file into a real MP3 (mono, 128 kbps) in the browser, reporting the
 * spec's stages: reading 10, decoding 20, processing 40, encoding 60 up to 90, finalizing 95,
 * complete 100. Encoding yields between slices so the page stays responsive and can cancel.
 */
export async function convertToMp3(
  file: File,
  onProgress: (progress: ConversionProgress) => void,
  signal?: AbortSignal,
): Promise<File> {
  const check = () => {
    if (signal?.aborted) throw new ConversionError('cancelled', CONVERSION_CANCELLED);
  };
  onProgress({ stage: 'reading', percent: 10 });
  const bytes = await readBytes(file);
  check();
  onProgress({ stage: 'decoding', percent: 20 });
  let decoded: AudioBuffer;
  try {
    decoded = await decodeInBrowser(bytes);
  } catch (error) {
    // A cancel pressed while the browser decoded wins over whatever the decode did.
    check();
    throw decodeFailure(error);
  }
  check();
  if (decoded.length === 0) throw new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
  try {
    return await encode(file, decoded, onProgress, check);
  } catch (error) {
    if (error instanceof ConversionError) throw error;
    // A typed array too big for memory is a RangeError; anything else from the encoder is a plain failure.
    if (error instanceof RangeError) throw new ConversionError('tooLarge', CONVERSION_MESSAGES.tooLarge);
    throw new ConversionError('failed', CONVERSION_MESSAGES.failed);
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

async function encode(
  file: File,
  decoded: AudioBuffer,
  onProgress: (progress: ConversionProgress) => void,
  check: () => void,
): Promise<File> {
  onProgress({ stage: 'processing', percent: 40 });
  const samples = mono(decoded);
  onProgress({ stage: 'encoding', percent: 60 });
  const encoder = new Mp3Encoder(1, decoded.sampleRate, 128);
  const parts: Uint8Array[] = [];
  const frames = Math.ceil(samples.length / FRAME);
  for (let frame = 0; frame < frames; frame += 1) {
    const out = encoder.encodeBuffer(samples.subarray(frame * FRAME, (frame + 1) * FRAME));
    if (out.length > 0) parts.push(new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice());
    if (frame % FRAMES_PER_SLICE === FRAMES_PER_SLICE - 1) {
      onProgress({ stage: 'encoding', percent: 60 + Math.round((30 * frame) / frames) });
      await new Promise((resolve) => setTimeout(resolve, 0));
      check();
    }
  }
  onProgress({ stage: 'finalizing', percent: 95 });
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail.buffer, tail.byteOffset, tail.byteLength).slice());
  const mp3 = new File(parts as BlobPart[], `${file.name.replace(/\.[^.]+$/, '')}.mp3`, { type: 'audio/mpeg' });
  onProgress({ stage: 'complete', percent: 100 });
  return mp3;
}

/** The screen's wording for a failed conversion (spec section 8, 'Conversion: screen mapping'). */
export const CONVERSION_SCREEN_MESSAGES = {
  format: 'This file format is not supported. Please upload an MP3 file for best compatibility.',
  network: 'Network error during conversion. Please check your connection and try again.',
  unsupported:
    'Audio conversion not supported in this browser. Please try uploading an MP3 file or use a different browser.',
} as const;

/**
 * Maps a conversion failure to what the page shows: decode failures become the format message, a
 * failed read or network the network message, a browser without Web Audio the browser message, a
 * cancellation stays 'Conversion cancelled by user', and anything else is 'Conversion failed: ' + message.
 */
export function conversionErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const kind = error instanceof ConversionError ? error.kind : null;
  if (kind === 'cancelled' || message === CONVERSION_CANCELLED) return CONVERSION_CANCELLED;
  if (kind === 'undecodable' || kind === 'decodeFailed' || /decode|unsupported format/i.test(message)) {
    return CONVERSION_SCREEN_MESSAGES.format;
  }
  if (kind === 'network' || /network|failed to fetch/i.test(message)) return CONVERSION_SCREEN_MESSAGES.network;
  if (kind === 'unsupported' || /AudioContext/.test(message)) return CONVERSION_SCREEN_MESSAGES.unsupported;
  return `Conversion failed: ${message || CONVERSION_MESSAGES.failed}`;
}
