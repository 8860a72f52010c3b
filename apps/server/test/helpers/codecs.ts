import { FLACDecoder } from '@wasm-audio-decoders/flac';
import { OggOpusDecoder } from 'ogg-opus-decoder';

/** One Ogg page as read back from the bytes, with whether its stored CRC matches its content. */
export interface OggPage {
  flags: number;
  granule: bigint;
  serial: number;
  sequence: number;
  packets: Buffer[];
  crcOk: boolean;
}

/** Ogg's CRC-32 (polynomial 0x04c11db7, unreflected), computed bit by bit: independent of the encoder's table. */
function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) {
    crc = (crc ^ (byte << 24)) >>> 0;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc & 0x8000_0000 ? (crc << 1) ^ 0x04c1_1db7 : crc << 1) >>> 0;
  }
  return crc;
}

/** Splits an Ogg stream into its pages (RFC 3533), failing on anything that is not a page. */
export function oggPages(bytes: Buffer): OggPage[] {
  const pages: OggPage[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (bytes.toString('ascii', at, at + 4) !== 'OggS') throw new Error(`no Ogg capture pattern at byte ${at}`);
    const segments = bytes.readUInt8(at + 26);
    const lacing = [...bytes.subarray(at + 27, at + 27 + segments)];
    const size = 27 + segments + lacing.reduce((sum, value) => sum + value, 0);
    const page = Buffer.from(bytes.subarray(at, at + size));
    const stored = page.readUInt32LE(22);
    page.writeUInt32LE(0, 22);
    const packets: Buffer[] = [];
    let offset = 27 + segments;
    let length = 0;
    for (const value of lacing) {
      length += value;
      if (value < 255) {
        packets.push(page.subarray(offset, offset + length));
        offset += length;
        length = 0;
      }
    }
    pages.push({
      flags: page.readUInt8(5),
      granule: page.readBigInt64LE(6),
      serial: page.readUInt32LE(14),
      sequence: page.readUInt32LE(18),
      packets,
      crcOk: oggCrc(page) === stored,
    });
    at += size;
  }
  return pages;
}

/** The OpusHead identification header (RFC 7845 §5.1). */
export function opusHead(packet: Buffer) {
  return {
    magic: packet.toString('ascii', 0, 8),
    version: packet.readUInt8(8),
    channels: packet.readUInt8(9),
    preSkip: packet.readUInt16LE(10),
    inputSampleRate: packet.readUInt32LE(12),
    mappingFamily: packet.readUInt8(18),
  };
}

/** The FLAC STREAMINFO block, which must be the first metadata block after `fLaC`. */
export function flacStreamInfo(bytes: Buffer) {
  const blockType = bytes.readUInt8(4) & 0x7f;
  const info = bytes.subarray(8, 8 + 34);
  // Bytes 10-17 pack: sample rate (20 bits), channels - 1 (3), bits per sample - 1 (5), total samples (36).
  const packed = info.readBigUInt64BE(10);
  return {
    magic: bytes.toString('ascii', 0, 4),
    blockType,
    sampleRate: Number(packed >> 44n),
    channels: Number((packed >> 41n) & 0x7n) + 1,
    bitsPerSample: Number((packed >> 36n) & 0x1fn) + 1,
    totalSamples: Number(packed & 0xf_ffff_ffffn),
  };
}

/** Decodes Ogg Opus with an independent decoder (libopus via ogg-opus-decoder): mono 48 kHz floats. */
export async function decodeOggOpus(bytes: Buffer) {
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  try {
    const decoded = await decoder.decodeFile(new Uint8Array(bytes));
    return {
      samples: decoded.channelData[0] ?? new Float32Array(0),
      sampleRate: decoded.sampleRate,
      errors: decoded.errors,
    };
  } finally {
    decoder.free();
  }
}

/** Decodes FLAC with an independent decoder (@wasm-audio-decoders/flac) back to 16-bit samples. */
export async function decodeFlac(bytes: Buffer) {
  const decoder = new FLACDecoder();
  await decoder.ready;
  try {
    const decoded = await decoder.decodeFile(new Uint8Array(bytes));
    // This decoder scales 16-bit samples by 1/32767 (not 1/32768): undo exactly that, or every sample
    // beyond half scale comes back one step off.
    const samples = Int16Array.from(decoded.channelData[0] ?? [], (value) => Math.round(value * 32_767));
    return { samples, sampleRate: decoded.sampleRate, errors: decoded.errors };
  } finally {
    decoder.free();
  }
}

/** How alike two signals are: their normalised correlation, 1 for the same shape at any volume. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let ab = 0;
  let aa = 0;
  let bb = 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    ab += x * y;
    aa += x * x;
    bb += y * y;
  }
  return aa === 0 || bb === 0 ? 0 : ab / Math.sqrt(aa * bb);
}

/**
 * Whether two sample arrays are identical. Byte comparison: vitest's deep equality walks a
 * million-element typed array one element at a time and blocks the worker for minutes.
 */
export function sameSamples(a: Int16Array, b: Int16Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
