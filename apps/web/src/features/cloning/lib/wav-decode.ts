/** A WAV file's sound as this app reads it: integer PCM or IEEE float samples, interleaved. */
export interface WavLayout {
  encoding: 'int' | 'float';
  bitsPerSample: number;
  channelCount: number;
  sampleRate: number;
  /** Byte offset of the first sample. */
  dataStart: number;
  /** Whole frames (one sample per channel) present in the file. */
  frameCount: number;
}

/** The sound of a file, one array of -1..1 samples per channel. */
export interface DecodedSound {
  sampleRate: number;
  channels: Float32Array[];
}

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** Frames decoded between progress reports. */
const CHUNK_FRAMES = 32_768;

const ascii = (view: DataView, at: number) =>
  String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

function readableEncoding(format: number, bits: number): WavLayout['encoding'] | null {
  if (format === WAVE_FORMAT_PCM && [8, 16, 24, 32].includes(bits)) return 'int';
  if (format === WAVE_FORMAT_IEEE_FLOAT && (bits === 32 || bits === 64)) return 'float';
  return null;
}

/**
 * Where a WAV file's samples are and how they are stored, from its RIFF chunks; null when the
 * bytes are not a WAV this app can read (compressed WAVs such as ADPCM are left to the browser).
 * A data chunk whose declared size runs past the end (a recording cut short, or a streamed file
 * that never filled in its size) counts only the frames actually present.
 */
export function readWavLayout(bytes: ArrayBuffer): WavLayout | null {
  const view = new DataView(bytes);
  if (bytes.byteLength < 12 || ascii(view, 0) !== 'RIFF' || ascii(view, 8) !== 'WAVE') return null;
  let format: { encoding: WavLayout['encoding']; bits: number; channels: number; rate: number } | null = null;
  for (let at = 12; at + 8 <= bytes.byteLength; ) {
    const id = ascii(view, at);
    const size = view.getUint32(at + 4, true);
    const body = at + 8;
    if (id === 'fmt ' && size >= 16 && body + 16 <= bytes.byteLength) {
      let code = view.getUint16(body, true);
      // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
      if (code === WAVE_FORMAT_EXTENSIBLE && size >= 40 && body + 26 <= bytes.byteLength) {
        code = view.getUint16(body + 24, true);
      }
      const bits = view.getUint16(body + 14, true);
      const encoding = readableEncoding(code, bits);
      const channels = view.getUint16(body + 2, true);
      const rate = view.getUint32(body + 4, true);
      if (!encoding || channels === 0 || rate === 0) return null;
      format = { encoding, bits, channels, rate };
    } else if (id === 'data') {
      if (!format) return null;
      const frameBytes = (format.bits / 8) * format.channels;
      const present = Math.min(size, bytes.byteLength - body);
      return {
        encoding: format.encoding,
        bitsPerSample: format.bits,
        channelCount: format.channels,
        sampleRate: format.rate,
        dataStart: body,
        frameCount: Math.floor(present / frameBytes),
      };
    }
    // Chunks are padded to an even length.
    at = body + size + (size % 2);
  }
  return null;
}

/** One sample as -1..1, read from `at` in the layout's encoding. */
function sampleReader(layout: WavLayout): (view: DataView, at: number) => number {
  if (layout.encoding === 'float') {
    return layout.bitsPerSample === 64 ? (v, at) => v.getFloat64(at, true) : (v, at) => v.getFloat32(at, true);
  }
  switch (layout.bitsPerSample) {
    case 8:
      return (v, at) => (v.getUint8(at) - 128) / 128;
    case 16:
      return (v, at) => v.getInt16(at, true) / 32_768;
    case 24:
      return (v, at) => ((v.getInt8(at + 2) << 16) | (v.getUint8(at + 1) << 8) | v.getUint8(at)) / 8_388_608;
    default:
      return (v, at) => v.getInt32(at, true) / 2_147_483_648;
  }
}

/**
 * Splits a WAV's interleaved samples into one -1..1 array per channel, calling `onFraction` after
 * each chunk of frames so a long file reports how far it has got.
 */
export function decodeWav(
  bytes: ArrayBuffer,
  layout: WavLayout,
  onFraction: (fraction: number) => void = () => {},
): DecodedSound {
  const view = new DataView(bytes);
  const read = sampleReader(layout);
  const sampleBytes = layout.bitsPerSample / 8;
  const frameBytes = sampleBytes * layout.channelCount;
  const channels = Array.from({ length: layout.channelCount }, () => new Float32Array(layout.frameCount));
  for (let start = 0; start < layout.frameCount; start += CHUNK_FRAMES) {
    const end = Math.min(layout.frameCount, start + CHUNK_FRAMES);
    for (let frame = start; frame < end; frame += 1) {
      const at = layout.dataStart + frame * frameBytes;
      channels.forEach((channel, index) => {
        channel[frame] = read(view, at + index * sampleBytes);
      });
    }
    onFraction(end / layout.frameCount);
  }
  return { sampleRate: layout.sampleRate, channels };
}
