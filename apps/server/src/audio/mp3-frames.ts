/**
 * Finds the MPEG audio (layer III) in a file by walking its frames: each frame header gives the
 * frame's length, and the next frame must start exactly there with the same version and sample
 * rate. Real MP3s are one unbroken chain from the first frame to the end (bar tags); random bytes
 * only hold sporadic false syncs, whose "next frame" is almost never where it should be.
 */

/** The run of consecutive frames that holds a file's audio, as byte offsets into the file. */
export interface FrameChain {
  start: number;
  end: number;
  frames: number;
  sampleRate: number;
  samplesPerFrame: number;
}

export interface FrameHeader {
  length: number;
  sampleRate: number;
  samplesPerFrame: number;
  /** Version and sample-rate bits: every frame of one stream shares them. */
  streamKey: number;
}

const KBPS_MPEG1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const KBPS_MPEG2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
const RATES: Record<number, number[]> = {
  3: [44_100, 48_000, 32_000],
  2: [22_050, 24_000, 16_000],
  0: [11_025, 12_000, 8_000],
};

/** Consecutive frames needed before a sync counts as the start of the audio. */
const FRAMES_TO_TRUST = 4;
/** How far past the ID3 tag the audio may begin (encoders pad with zeros; some leave a little junk). */
const SEARCH_WINDOW = 64 * 1024;

/** Reads a layer III frame header at `at`, or null when the bytes there are not one. */
export function readHeader(bytes: Uint8Array, at: number): FrameHeader | null {
  if (at + 4 > bytes.length) return null;
  const [b0, b1 = 0, b2 = 0] = [bytes[at], bytes[at + 1], bytes[at + 2]];
  if (b0 !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // Version 1 is reserved, layer 1 is layer III; bitrate 0 (free format) and 15 are not playable.
  if (version === 1 || layer !== 1 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const sampleRate = RATES[version]?.[rateIndex];
  const kbps = (version === 3 ? KBPS_MPEG1 : KBPS_MPEG2)[bitrateIndex];
  if (!sampleRate || !kbps) return null;
  const samplesPerFrame = version === 3 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const length = Math.floor(((samplesPerFrame / 8) * kbps * 1000) / sampleRate) + padding;
  return { length, sampleRate, samplesPerFrame, streamKey: (version << 2) | rateIndex };
}

/** The size of an ID3v2 tag at the start (header, body and optional footer), or 0. */
export function id3v2Size(bytes: Uint8Array): number {
  if (bytes.length < 10 || bytes[0] !== 0x49 || bytes[1] !== 0x44 || bytes[2] !== 0x33) return 0;
  const syncsafe = [6, 7, 8, 9].map((i) => bytes[i] ?? 0);
  if (syncsafe.some((byte) => byte > 0x7f)) return 0;
  const body = syncsafe.reduce((size, byte) => size * 128 + byte, 0);
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + body + footer;
}

/** Follows frames from `start` while each one lies whole in the file and matches the first. */
function followChain(bytes: Uint8Array, start: number): FrameChain | null {
  const first = readHeader(bytes, start);
  if (!first) return null;
  let at = start;
  let frames = 0;
  for (;;) {
    const header = readHeader(bytes, at);
    if (!header || header.streamKey !== first.streamKey || at + header.length > bytes.length) break;
    at += header.length;
    frames += 1;
  }
  return { start, end: at, frames, sampleRate: first.sampleRate, samplesPerFrame: first.samplesPerFrame };
}

/**
 * The first run of at least four consecutive frames that begins within 64 KiB after the ID3 tag,
 * followed to its end; null when there is none. What lies outside it (tags, trailing junk, a
 * cut-off last frame) is not audio.
 */
export function findFrameChain(bytes: Uint8Array): FrameChain | null {
  const from = id3v2Size(bytes);
  const until = Math.min(bytes.length, from + SEARCH_WINDOW);
  for (let at = from; at < until; at += 1) {
    if (bytes[at] !== 0xff) continue;
    const chain = followChain(bytes, at);
    if (chain && chain.frames >= FRAMES_TO_TRUST) return chain;
  }
  return null;
}
