import { extractAudio, type SniffedType, sniffType } from '../../audio/probe.js';
import { measureSignal } from '../../audio/signal-check.js';
import type { CloneSample } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';

export const MAX_SAMPLE_BYTES = 20 * 1024 * 1024;
const MIN_SAMPLE_SECONDS = 10;
const MAX_SAMPLE_SECONDS = 300;

const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);

export const sampleTooLarge = (bytes: number) => new AppError('SAMPLE_TOO_LARGE', megabytes(bytes));

export const sampleMissing = () => new AppError('SAMPLE_MISSING');

const unreadable = () => new AppError('SAMPLE_UNREADABLE');

const CONTAINER_NAMES: Record<Exclude<SniffedType, 'mp3' | 'wav' | null>, string> = {
  mp4: 'MP4',
  webm: 'WEBM',
  ogg: 'OGG',
  flac: 'FLAC',
  avi: 'AVI',
  flv: 'FLV',
  asf: 'WMV',
};

/** A sample that passed the checks, decoded, with the type its bytes showed. */
export type CheckedSample = CloneSample & { type: 'mp3' | 'wav' };

/**
 * Checks an uploaded sample by what it is, not what it is called: its bytes must be MP3 or WAV (the
 * web app converts everything else to MP3 before uploading), hold real audio (an unbroken run of
 * MP3 frames, or a WAV data chunk), last 10-300 seconds, and sound like sound, not noise or
 * silence. Only the audio is kept: bytes around it (tags, trailing junk) are dropped, so nothing
 * unchecked is stored or sent to a provider. The decoded audio is kept too, so the engine that
 * clones from it need not decode it again.
 */
export async function checkSample(upload: { bytes: Buffer; fileName: string }): Promise<CheckedSample> {
  const { bytes } = upload;
  if (bytes.length === 0) {
    throw new AppError('SAMPLE_EMPTY');
  }
  if (bytes.length > MAX_SAMPLE_BYTES) throw sampleTooLarge(bytes.length);
  const type = sniffType(bytes);
  if (type === null) throw unreadable();
  if (type !== 'mp3' && type !== 'wav') {
    throw new AppError('SAMPLE_UNSUPPORTED', CONTAINER_NAMES[type]);
  }
  const audio = await extractAudio(bytes, type).catch(() => {
    throw unreadable();
  });
  const { decoded } = audio;
  const seconds = decoded.durationMs / 1000;
  if (seconds < MIN_SAMPLE_SECONDS) {
    throw new AppError('SAMPLE_TOO_SHORT');
  }
  if (seconds > MAX_SAMPLE_SECONDS) {
    throw new AppError('SAMPLE_TOO_LONG');
  }
  if (measureSignal(decoded.samples, decoded.sampleRate).verdict !== 'sound') throw unreadable();
  return { ...decoded, bytes: audio.bytes, fileName: upload.fileName, type };
}
