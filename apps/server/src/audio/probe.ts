import { type DecodedAudio, decodeMp3 } from './mp3-decode.js';

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

/** Decodes a RIFF/WAVE file of 8, 16, 24 or 32-bit integer PCM or 32-bit float to mono floats. */
function decodeWav(bytes: Uint8Array): DecodedAudio {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let format = 0;
  let channels = 0;
  let sampleRate = 0;
  let bits = 0;
  while (offset + 8 <= bytes.byteLength) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    const size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') {
      format = view.getUint16(offset + 8, true);
      channels = view.getUint16(offset + 10, true);
      sampleRate = view.getUint32(offset + 12, true);
      bits = view.getUint16(offset + 22, true);
      // WAVE_FORMAT_EXTENSIBLE keeps the real format in its sub-format GUID.
      if (format === 0xfffe && size >= 26) format = view.getUint16(offset + 32, true);
    }
    if (id === 'data') {
      if (!channels || !sampleRate || ![1, 3].includes(format)) throw new Error('Unsupported WAVE encoding');
      const width = bits / 8;
      const end = Math.min(bytes.byteLength, offset + 8 + size);
      const frames = Math.floor((end - offset - 8) / (width * channels));
      const samples = new Float32Array(frames);
      for (let frame = 0; frame < frames; frame += 1) {
        const at = offset + 8 + frame * width * channels;
        samples[frame] = readSample(view, at, format, bits);
      }
      return { samples, sampleRate, durationMs: (frames / sampleRate) * 1000 };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAVE file without audio data');
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
