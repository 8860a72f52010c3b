export const CONVERSION_CANCELLED = 'Conversion cancelled by user';

/** The conversion helper's own messages (spec section 8). */
export const CONVERSION_MESSAGES = {
  undecodable:
    'Unable to decode audio file. The file may be corrupted or in an unsupported format. Please try with an MP3 file.',
  decodeFailed:
    'Failed to decode audio file. Please ensure the file is a valid audio file and try again with an MP3 or WAV file for best compatibility.',
  tooLarge: 'File is too large to process. Please try with a smaller file (under 10MB recommended).',
  failed: 'Audio conversion failed. Please try with an MP3 or WAV file.',
} as const;

export type ConversionErrorKind =
  | 'undecodable'
  | 'decodeFailed'
  | 'tooLarge'
  | 'failed'
  | 'unsupported'
  | 'network'
  | 'cancelled';

/**
 * Why a conversion stopped. `kind` lets the screen choose its message without parsing text:
 * 'unsupported' means this browser has no Web Audio to convert with at all.
 */
export class ConversionError extends Error {
  constructor(
    readonly kind: ConversionErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ConversionError';
  }
}

/**
 * What went wrong while working on samples: a typed array too big for memory is a RangeError;
 * anything else is a plain failure. A ConversionError already says what it is.
 */
export function processingFailure(error: unknown): ConversionError {
  if (error instanceof ConversionError) return error;
  if (error instanceof RangeError) return new ConversionError('tooLarge', CONVERSION_MESSAGES.tooLarge);
  return new ConversionError('failed', CONVERSION_MESSAGES.failed);
}

/** The screen's wording for a failed conversion (spec section 8, 'Conversion: screen mapping'). */
export const CONVERSION_SCREEN_MESSAGES = {
  format: 'This file format is not supported. Please upload an MP3 file for best compatibility.',
  network: 'Network error during conversion. Please check your connection and try again.',
  unsupported:
    'Audio conversion not supported in this browser. Please try uploading an MP3 file or use a different browser.',
} as const;

/** The browser's own failures, by their type or DOMException name, never by their words. */
const DECODE_ERROR_NAMES = new Set(['EncodingError']);
const READ_ERROR_NAMES = new Set(['NetworkError', 'NotReadableError', 'NotFoundError']);
// A DOMException is not an Error in every environment (jsdom's is not), so its name is read as such.
const isNamed = (error: unknown, names: Set<string>) =>
  typeof error === 'object' && error !== null && 'name' in error && names.has(String(error.name));

/** The kind of a failure the conversion did not classify itself: a decode, a read, or no Web Audio. */
function browserFailureKind(error: unknown): ConversionErrorKind | null {
  if (isNamed(error, DECODE_ERROR_NAMES)) return 'undecodable';
  // A failed fetch is a TypeError; a failed file read a DOMException named for it.
  if (error instanceof TypeError || isNamed(error, READ_ERROR_NAMES)) return 'network';
  // `new AudioContext()` where there is none: the name is not defined.
  if (error instanceof ReferenceError || isNamed(error, new Set(['NotSupportedError']))) return 'unsupported';
  if (isNamed(error, new Set(['AbortError']))) return 'cancelled';
  return null;
}

/**
 * Maps a conversion failure to what the page shows: decode failures become the format message, a
 * failed read or network the network message, a browser without Web Audio the browser message, a
 * cancellation stays 'Conversion cancelled by user', and anything else is 'Conversion failed: ' + message.
 */
export function conversionErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  const kind = error instanceof ConversionError ? error.kind : browserFailureKind(error);
  if (kind === 'cancelled') return CONVERSION_CANCELLED;
  if (kind === 'undecodable' || kind === 'decodeFailed') return CONVERSION_SCREEN_MESSAGES.format;
  if (kind === 'network') return CONVERSION_SCREEN_MESSAGES.network;
  if (kind === 'unsupported') return CONVERSION_SCREEN_MESSAGES.unsupported;
  return `Conversion failed: ${message || CONVERSION_MESSAGES.failed}`;
}
