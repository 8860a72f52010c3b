/**
 * Sample rates at which an MP3 can carry 128 kbps (MPEG-1 and MPEG-2; the 8-12 kHz rates of
 * MPEG-2.5 top out at 64 kbps), lowest first.
 */
const MP3_RATES_FOR_128_KBPS = [16_000, 22_050, 24_000, 32_000, 44_100, 48_000] as const;

/**
 * The rate to encode a sound at: its own when an MP3 can carry it at 128 kbps, else the nearest
 * such rate above it (an 8 kHz phone recording goes to 16 kHz), or 48 kHz for anything faster.
 */
export function mp3SampleRate(sourceRate: number): number {
  return MP3_RATES_FOR_128_KBPS.find((rate) => rate >= sourceRate) ?? 48_000;
}

/** Samples between progress reports. */
const CHUNK_SAMPLES = 65_536;

/**
 * Mixes channels down to one (their average), resamples it from `fromRate` to `toRate` by linear
 * interpolation, and quantizes it to 16-bit as the MP3 encoder takes it, in one pass, calling
 * `onFraction` after each chunk. Linear interpolation is enough here: rates only change for
 * sounds outside the MP3 rates (8 kHz up to 16 kHz, or 96 kHz down to 48 kHz), and a voice has
 * next to nothing above the 24 kHz that 48 kHz keeps.
 */
export function monoSamples(
  channels: Float32Array[],
  fromRate: number,
  toRate: number,
  onFraction: (fraction: number) => void = () => {},
): Int16Array {
  const frames = Math.min(...channels.map((channel) => channel.length));
  if (channels.length === 0 || frames === 0) return new Int16Array(0);
  const mixedAt = (frame: number) => {
    let sum = 0;
    for (const channel of channels) sum += channel[frame] ?? 0;
    return sum / channels.length;
  };
  const step = fromRate / toRate;
  const length = Math.max(1, Math.round(frames / step));
  const out = new Int16Array(length);
  for (let start = 0; start < length; start += CHUNK_SAMPLES) {
    const end = Math.min(length, start + CHUNK_SAMPLES);
    for (let index = start; index < end; index += 1) {
      const position = index * step;
      const before = Math.min(frames - 1, Math.floor(position));
      const after = Math.min(frames - 1, before + 1);
      const weight = position - before;
      const value = weight === 0 ? mixedAt(before) : mixedAt(before) * (1 - weight) + mixedAt(after) * weight;
      out[index] = Math.max(-32_768, Math.min(32_767, Math.round(value * 32_767)));
    }
    onFraction(end / length);
  }
  return out;
}
