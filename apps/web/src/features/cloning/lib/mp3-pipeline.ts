import type { WasmMediaEncoder } from 'wasm-media-encoders';
import { CONVERSION_MESSAGES, ConversionError } from './conversion-errors';
import type { StageReport } from './conversion-progress';
import { monoSamples, mp3SampleRate } from './mono-samples';
import { type DecodedSound, decodeWav, readWavLayout } from './wav-decode';

/** Samples handed to the encoder at a time: 8 MPEG frames (a third of a second), so progress moves smoothly. */
const SLICE = 1152 * 8;
const KBPS = 128;

/** LAME compiled to WebAssembly, ready to configure: the worker fetches it, tests read it from disk. */
export type LameLoader = () => Promise<WasmMediaEncoder<'audio/mpeg'>>;

/** A WAV file's sound, reporting the decoding stage; null when the bytes are not a WAV we can read. */
export function decodeWavSound(bytes: ArrayBuffer, report: StageReport): DecodedSound | null {
  const layout = readWavLayout(bytes);
  if (!layout) return null;
  report('decoding', 0);
  if (layout.frameCount === 0) throw new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
  return decodeWav(bytes, layout, (fraction) => report('decoding', fraction));
}

/**
 * Turns a decoded sound into MP3 bytes (mono, 128 kbps, LAME in WebAssembly), reporting the
 * processing (mix-down and resampling), encoding and finalizing stages as it goes. It runs to the
 * end without yielding: it is meant for the conversion worker, where a long loop blocks no page.
 */
export async function soundToMp3(sound: DecodedSound, report: StageReport, loadLame: LameLoader): Promise<Uint8Array> {
  if (sound.channels.every((channel) => channel.length === 0)) {
    throw new ConversionError('decodeFailed', CONVERSION_MESSAGES.decodeFailed);
  }
  report('processing', 0);
  const rate = mp3SampleRate(sound.sampleRate);
  const samples = monoSamples(sound.channels, sound.sampleRate, rate, (fraction) => report('processing', fraction));
  report('encoding', 0);
  const encoder = await loadLame();
  encoder.configure({ channels: 1, sampleRate: rate, bitrate: KBPS });
  const parts: Uint8Array[] = [];
  // The encoder answers a view of its own memory, which its next call overwrites: keep a copy.
  const keep = (out: Uint8Array) => {
    if (out.length > 0) parts.push(out.slice());
  };
  for (let start = 0; start < samples.length; start += SLICE) {
    const slice = samples.subarray(start, start + SLICE);
    keep(encoder.encode([asFloats(slice)]));
    report('encoding', (start + SLICE) / samples.length);
  }
  report('finalizing');
  keep(encoder.finalize());
  return joined(parts);
}

/**
 * 16-bit samples as floats in -1..1, in a plain loop: a typed array's `from` with a mapping
 * function calls it per sample and is about 20 times slower on minutes of audio.
 */
function asFloats(samples: Int16Array): Float32Array {
  const floats = new Float32Array(samples.length);
  for (let index = 0; index < samples.length; index += 1) floats[index] = (samples[index] as number) / 32_768;
  return floats;
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
