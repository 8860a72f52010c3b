import { FlacStream } from '../../../audio/flac-encode.js';
import { type Mp3Kbps, Mp3Stream } from '../../../audio/mp3-stream.js';
import { floatsToPcm } from '../../../audio/pcm.js';
import { wavFile } from '../../../audio/wav-file.js';

/** The files a chapter or the whole book can be downloaded as. */
export type ExportAudioFormat = 'mp3' | 'wav' | 'flac';

export const EXPORT_CONTENT_TYPES: Record<ExportAudioFormat, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
};

/** 16-bit PCM of float samples; full scale is 32,767 so a sample at exactly 1.0 does not wrap. */
const toPcm = (samples: Float32Array) => floatsToPcm(samples, 32_767);

/**
 * MP3's bit rate when none is asked for: 192 kbps, the least ACX accepts, at 32 kHz and up; below
 * that MPEG-2's frames top out at 160 kbps, and 128 is already more than mono speech needs there.
 */
export const defaultExportKbps = (sampleRate: number): Mp3Kbps => (sampleRate >= 32_000 ? 192 : 128);

/**
 * Encodes a chapter's (or the book's) mono float samples as one file: constant bit rate MP3, or
 * lossless 16-bit WAV or FLAC.
 */
export async function encodeExportAudio(
  samples: Float32Array,
  sampleRate: number,
  format: ExportAudioFormat,
  kbps: Mp3Kbps = defaultExportKbps(sampleRate),
): Promise<Buffer> {
  const pcm = toPcm(samples);
  if (format === 'wav') return wavFile(pcm, sampleRate);
  if (format === 'flac') {
    const flac = await FlacStream.open(sampleRate);
    try {
      await flac.write(pcm);
      return flac.end();
    } finally {
      flac.close();
    }
  }
  const mp3 = await Mp3Stream.open(sampleRate, kbps);
  await mp3.write(pcm);
  return mp3.end();
}
