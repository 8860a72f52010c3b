/** What a test WAV holds: a 220 Hz tone in the first channel, 440 Hz in the second, and so on. */
export interface WavSpec {
  seconds: number;
  sampleRate: number;
  channels: number;
  bits: 8 | 16 | 24 | 32 | 64;
  float?: boolean;
  /** Writes WAVE_FORMAT_EXTENSIBLE, naming the real format in the sub-format GUID. */
  extensible?: boolean;
  /** A LIST chunk of this odd size before 'fmt ', as some recorders write. */
  listBytes?: number;
}

export const toneAt = (channel: number, frame: number, sampleRate: number) =>
  0.5 * Math.sin((2 * Math.PI * 220 * (channel + 1) * frame) / sampleRate);

function writeSample(view: DataView, at: number, value: number, spec: WavSpec) {
  if (spec.float) {
    if (spec.bits === 64) view.setFloat64(at, value, true);
    else view.setFloat32(at, value, true);
    return;
  }
  if (spec.bits === 8) view.setUint8(at, Math.round(value * 127) + 128);
  else if (spec.bits === 16) view.setInt16(at, Math.round(value * 32_767), true);
  else if (spec.bits === 24) {
    const int = Math.round(value * 8_388_607);
    view.setUint8(at, int & 0xff);
    view.setUint8(at + 1, (int >> 8) & 0xff);
    view.setInt8(at + 2, int >> 16);
  } else view.setInt32(at, Math.round(value * 2_147_483_647), true);
}

/** A complete WAV file, built byte by byte as a recorder would write it. */
export function wavBytes(spec: WavSpec): Uint8Array<ArrayBuffer> {
  const frames = Math.round(spec.seconds * spec.sampleRate);
  const sampleBytes = spec.bits / 8;
  const blockAlign = sampleBytes * spec.channels;
  const fmtSize = spec.extensible ? 40 : 16;
  const list = spec.listBytes === undefined ? 0 : 8 + spec.listBytes + (spec.listBytes % 2);
  const dataStart = 12 + list + 8 + fmtSize + 8;
  const bytes = new Uint8Array(dataStart + frames * blockAlign);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i += 1) view.setUint8(at + i, value.charCodeAt(i));
  };
  text(0, 'RIFF');
  view.setUint32(4, bytes.length - 8, true);
  text(8, 'WAVE');
  let at = 12;
  if (spec.listBytes !== undefined) {
    text(at, 'LIST');
    view.setUint32(at + 4, spec.listBytes, true);
    at += list;
  }
  text(at, 'fmt ');
  view.setUint32(at + 4, fmtSize, true);
  const code = spec.float ? 3 : 1;
  view.setUint16(at + 8, spec.extensible ? 0xfffe : code, true);
  view.setUint16(at + 10, spec.channels, true);
  view.setUint32(at + 12, spec.sampleRate, true);
  view.setUint32(at + 16, spec.sampleRate * blockAlign, true);
  view.setUint16(at + 20, blockAlign, true);
  view.setUint16(at + 22, spec.bits, true);
  if (spec.extensible) {
    view.setUint16(at + 24, 22, true);
    view.setUint16(at + 26, spec.bits, true);
    view.setUint16(at + 32, code, true);
  }
  at += 8 + fmtSize;
  text(at, 'data');
  view.setUint32(at + 4, frames * blockAlign, true);
  for (let frame = 0; frame < frames; frame += 1) {
    for (let channel = 0; channel < spec.channels; channel += 1) {
      writeSample(
        view,
        dataStart + frame * blockAlign + channel * sampleBytes,
        toneAt(channel, frame, spec.sampleRate),
        spec,
      );
    }
  }
  return bytes;
}
