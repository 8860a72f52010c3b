import { Mp3Encoder } from '@breezystack/lamejs';
import { CONVERSION_MESSAGES, ConversionError } from './conversion-errors';
import type { StageReport } from './conversion-progress';
import { monoSamples, mp3SampleRate } from './mono-samples';
import { type DecodedSound, decodeWav, readWavLayout } from './wav-decode';

/** Samples per MPEG-1 layer III frame: the encoder is fed one frame's worth at a time. */
const FRAME = 1152;
const KBPS = 128;

/** A WAV file's sound, reporting the decoding stage; null when the bytes are not a WAV we can read. */
export function decodeWavSound(bytes: ArrayBuffer, report: StageReport): DecodedSound | null {
  const layout = readWavLayout(bytes);
  if (!layout) return null;
  report('decoding', 0);
  if (layout.frameCount === 0) throw new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
  return decodeWav(bytes, layout, (fraction) => report('decoding', fraction));
}

/**
 * Turns a decoded sound into MP3 bytes (mono, 128 kbps), reporting the processing (mix-down and
 * resampling), encoding and finalizing stages as it goes. It runs to the end without yielding:
 * it is meant for the conversion worker, where a long loop blocks no page.
 */
export function soundToMp3(sound: DecodedSound, report: StageReport): Uint8Array {
  if (sound.channels.every((channel) => channel.length === 0)) {
    throw new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
  }
  report('processing', 0);
  const rate = mp3SampleRate(sound.sampleRate);
  const samples = monoSamples(sound.channels, sound.sampleRate, rate, (fraction) => report('processing', fraction));
  report('encoding', 0);
  const encoder = new Mp3Encoder(1, rate, KBPS);
  const parts: Uint8Array[] = [];
  const keep = (out: Uint8Array) => {
    if (out.length > 0) parts.push(new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice());
  };
  for (let start = 0; start < samples.length; start += FRAME) {
    keep(encoder.encodeBuffer(samples.subarray(start, start + FRAME)));
    report('encoding', (start + FRAME) / samples.length);
  }
  report('finalizing');
  keep(encoder.flush());
  return joined(parts);
}

/** One buffer holding every part, so it can be handed to the page without copying. */
function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
}
