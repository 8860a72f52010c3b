import { type DecodedAudio, decodeMp3 } from './mp3-decode.js';
import { findFrameChain } from './mp3-frames.js';

/** What the first bytes of a file say it is; only MP3 and WAV are decoded by the server. */
export type SniffedType = 'mp3' | 'wav' | 'mp4' | 'webm' | 'ogg' | 'flac' | 'avi' | 'flv' | 'asf' | null;

/** Identifies a file by its magic bytes, never by its name. */
export function sniffType(bytes: Uint8Array): SniffedType {
  const ascii = (start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WAVE') return 'wav';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'AVI ') return 'avi';
  if (ascii(0, 3) === 'ID3') return 'mp3';
  if (ascii(4, 4) === 'ftyp') return 'mp4';
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(0, 3) === 'FLV') return 'flv';
  if (bytes[0] === 0x30 && bytes[1] === 0x26 && bytes[2] === 0xb2 && bytes[3] === 0x75) return 'asf';
  // A bare MPEG audio frame: 11 sync bits, layer III, and a valid bitrate and sample-rate index.
  const b1 = bytes[1] ?? 0;
  const b2 = bytes[2] ?? 0;
  if (bytes[0] === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) === 0x02 && b2 >> 4 !== 15 && ((b2 >> 2) & 3) !== 3) {
    return 'mp3';
  }
  return null;
}

/** Where a WAVE file keeps its PCM and how to read it. */
interface WavLayout {
  format: number;
  channels: number;
  sampleRate: number;
  bits: number;
  /** Byte offsets of the whole sample frames in the data chunk (a cut-off last frame is left out). */
  dataStart: number;
  dataEnd: number;
}

/** Reads the fmt and data chunks of a RIFF/WAVE file of integer PCM or 32-bit float. */
function readWavLayout(bytes: Uint8Array): WavLayout {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= bytes.byteLength) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ' && offset + 24 <= bytes.byteLength) {
      format = view.getUint16(offset + 8, true);
      channels = view.getUint16(offset + 10, true);
      sampleRate = view.getUint32(offset + 12, true);
      bits = view.getUint16(offset + 22, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
      if (format === 0xfffe && size >= 26 && offset + 34 <= bytes.byteLength)
        format = view.getUint16(offset + 32, true);
    }
    if (id === 'data') {
      const width = (bits / 8) * channels;
      const supported = [8, 16, 24, 32].includes(bits) && (format === 1 || (format === 3 && bits === 32));
      if (!channels || !sampleRate || !supported) throw new Error('Unsupported WAVE encoding');
      const dataStart = offset + 8;
      const available = Math.min(bytes.byteLength, dataStart + size) - dataStart;
      return { format, channels, sampleRate, bits, dataStart, dataEnd: dataStart + available - (available % width) };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAVE file without audio data');
}

/** Decodes a RIFF/WAVE file of 8, 16, 24 or 32-bit integer PCM or 32-bit float to mono floats. */
function decodeWav(bytes: Uint8Array): DecodedAudio {
  const { format, channels, sampleRate, bits, dataStart, dataEnd } = readWavLayout(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = (bits / 8) * channels;
  const frames = (dataEnd - dataStart) / width;
  const samples = new Float32Array(frames);
  for (let frame = 0; frame < frames; frame += 1) {
    samples[frame] = readSample(view, dataStart + frame * width, format, bits);
  }
  return { samples, sampleRate, durationMs: (frames / sampleRate) * 1000 };
}

/**
 * The WAVE file cut after its audio: chunks before the data (fmt, LIST...) stay, anything after
 * the data chunk goes, and the RIFF and data sizes are rewritten to match.
 */
function wavAudioOnly(bytes: Uint8Array): Buffer {
  const { dataStart, dataEnd } = readWavLayout(bytes);
  const audio = Buffer.from(bytes.subarray(0, dataEnd));
  audio.writeUInt32LE(audio.length - 8, 4);
  audio.writeUInt32LE(dataEnd - dataStart, dataStart - 4);
  return audio;
}

function readSample(view: DataView, at: number, format: number, bits: number): number {
  if (format === 3 && bits === 32) return view.getFloat32(at, true);
  if (bits === 8) return (view.getUint8(at) - 128) / 128;
  if (bits === 16) return view.getInt16(at, true) / 32_768;
  if (bits === 24)
    return ((view.getUint8(at + 2) << 24) | (view.getUint8(at + 1) << 16) | (view.getUint8(at) << 8)) / 2 ** 31;
  if (bits === 32) return view.getInt32(at, true) / 2 ** 31;
  throw new Error('Unsupported WAVE sample size');
}

/** Decodes an uploaded sample the server accepts (MP3 or WAV, told apart by their bytes). */
export async function decodeSample(bytes: Uint8Array, type: 'mp3' | 'wav'): Promise<DecodedAudio> {
  return type === 'wav' ? decodeWav(bytes) : decodeMp3(bytes);
}

/** A sample's audio and nothing else: the bytes worth keeping, and what they decode to. */
export interface ExtractedAudio {
  bytes: Buffer;
  decoded: DecodedAudio;
}

/**
 * Decoded MP3 may fall short of its frames by the encoder's delay and padding (a few frames at
 * most, when an Info frame tells the decoder to trim); losing more means frames did not decode.
 */
const MP3_TRIM_ALLOWANCE_FRAMES = 8;

/**
 * Keeps only the audio of an uploaded sample and decodes it: for MP3 the unbroken run of frames
 * (ID3 tags, trailing tags and junk dropped), which must decode to as many samples as its frames
 * hold; for WAV the file up to the end of its data chunk. Throws when there is no such audio.
 */
export async function extractAudio(bytes: Uint8Array, type: 'mp3' | 'wav'): Promise<ExtractedAudio> {
  if (type === 'wav') {
    const audio = wavAudioOnly(bytes);
    return { bytes: audio, decoded: decodeWav(audio) };
  }
  const chain = findFrameChain(bytes);
  if (!chain) throw new Error('No run of MPEG audio frames');
  const audio = Buffer.from(bytes.subarray(chain.start, chain.end));
  const decoded = await decodeMp3(audio);
  const held = chain.frames * chain.samplesPerFrame;
  const decodedSamples = decoded.samples.length;
  if (decodedSamples > held || decodedSamples < held - MP3_TRIM_ALLOWANCE_FRAMES * chain.samplesPerFrame) {
    throw new Error(`MPEG frames hold ${held} samples but ${decodedSamples} decoded`);
  }
  return { bytes: audio, decoded };
}
