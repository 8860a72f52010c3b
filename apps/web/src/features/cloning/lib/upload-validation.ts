/**
 * What the file picker offers (spec section 2). It is wider than what validation accepts: a .mov
 * or .avi can be picked, and is then refused with the spec's 'Unsupported file format' message.
 */
export const PICKER_ACCEPT = '.wav,.mp3,.mpeg,.mp4,.m4a,.avi,.mov,.wmv,.flv,.mkv,.webm';

/** Extensions accepted by name (spec section 5); media types are checked as well. */
const ACCEPTED_EXTENSIONS = new Set(['mp3', 'wav', 'ogg', 'm4a', 'webm', 'flac', 'aac', 'wma', 'opus']);
const ACCEPTED_VIDEO_TYPES = new Set(['video/mp4', 'video/webm', 'video/ogg']);

export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
export const MIN_SECONDS = 10;
export const MAX_SECONDS = 300;

export const extensionOf = (name: string) => (name.includes('.') ? (name.split('.').pop() ?? '').toLowerCase() : '');

/** Spec section 5: accepted by extension, by an audio/* media type, or by one of three video types; nothing else. */
export function isAcceptedFile(file: Pick<File, 'name' | 'type'>): boolean {
  const extension = extensionOf(file.name);
  return ACCEPTED_EXTENSIONS.has(extension) || file.type.startsWith('audio/') || ACCEPTED_VIDEO_TYPES.has(file.type);
}

/**
 * The spec's upload checks, in order: format, size, readable, then 10-300 seconds. `readDuration`
 * decodes the file's audio (in the browser) and rejects when it cannot.
 */
export async function validateUpload(
  file: File,
  readDuration: (file: File) => Promise<number>,
): Promise<string | null> {
  if (!isAcceptedFile(file)) {
    return `Unsupported file format: ${extensionOf(file.name).toUpperCase()}. Please upload a valid audio or video file.`;
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'File size exceeds 20MB limit.';
  let seconds: number;
  try {
    seconds = await readDuration(file);
  } catch {
    return "Unable to read audio file. Please make sure it's a valid audio file.";
  }
  if (!Number.isFinite(seconds)) return "Unable to read audio file. Please make sure it's a valid audio file.";
  if (seconds < MIN_SECONDS) return 'Audio file must be at least 10 seconds long.';
  if (seconds > MAX_SECONDS) return 'Audio file must be no longer than 5 minutes (300 seconds).';
  return null;
}

/** A file name without its extension: the default voice name. */
export const baseName = (name: string) => name.replace(/\.[^.]+$/, '');
