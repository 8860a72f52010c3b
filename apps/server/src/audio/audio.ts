export interface Segment {
  text: string;
  startMs: number;
  endMs: number;
}

/** Reads the 16-bit PCM samples and rate of a RIFF/WAVE file. */
export function parseWav(bytes: Uint8Array): { samples: Int16Array; sampleRate: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, false) !== 0x52494646 || view.getUint32(8, false) !== 0x57415645) {
    throw new Error('Not a WAVE file');
  }
  let offset = 12;
  let sampleRate = 0;
  while (offset + 8 <= bytes.byteLength) {
    const id = view.getUint32(offset, false);
    const size = view.getUint32(offset + 4, true);
    if (id === 0x666d7420) sampleRate = view.getUint32(offset + 12, true);
    if (id === 0x64617461) {
      // eSpeak writes the header before it knows the length; trust the file's end over the header.
      const end = Math.min(bytes.byteLength, offset + 8 + (size || bytes.byteLength));
      const start = offset + 8;
      const copy = bytes.slice(start, start + ((end - start) & ~1));
      return { samples: new Int16Array(copy.buffer, copy.byteOffset, copy.byteLength / 2), sampleRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('WAVE file without data');
}

const stamp = (ms: number) => {
  const whole = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(Math.floor(whole / 3_600_000))}:${pad(Math.floor(whole / 60_000) % 60)}:${pad(Math.floor(whole / 1000) % 60)},${pad(whole % 1000, 3)}`;
};

/** SubRip text: one numbered cue per segment. */
export function toSrt(segments: Segment[]): string {
  return segments
    .map((segment, index) => `${index + 1}\n${stamp(segment.startMs)} --> ${stamp(segment.endMs)}\n${segment.text}\n`)
    .join('\n');
}

/**
 * WebVTT from SubRip: the same cues (their numbers become cue identifiers) under the WEBVTT
 * header, with the decimal point VTT wants in its times.
 */
export function srtToVtt(srt: string): string {
  const cues = srt.replace(/\r\n?/g, '\n').replace(/(\d{2}:\d{2}:\d{2}),(\d{3})/g, '$1.$2');
  return `WEBVTT\n\n${cues}`;
}

/**
 * Splits text into sentences at ., !, ? and line breaks, keeping common abbreviations and decimals
 * whole; a sentence longer than `max` characters is cut at its last space before the limit.
 */
export function splitSentences(text: string, max = 400): string[] {
  const pieces = text
    .replace(/\r\n?/g, '\n')
    .split(/(?<=[.!?…])\s+(?=[^\s])|\n+/)
    .map((piece) => piece.trim())
    .filter(Boolean);
  const merged: string[] = [];
  for (const piece of pieces) {
    const previous = merged.at(-1);
    if (previous && /\b(?:Mr|Mrs|Ms|Dr|Prof|St|vs|etc|e\.g|i\.e)\.$/i.test(previous))
      merged[merged.length - 1] = `${previous} ${piece}`;
    else merged.push(piece);
  }
  const result: string[] = [];
  for (let sentence of merged) {
    while (sentence.length > max) {
      const cut = sentence.lastIndexOf(' ', max);
      const at = cut > max / 2 ? cut : max;
      result.push(sentence.slice(0, at).trim());
      sentence = sentence.slice(at).trim();
    }
    if (sentence) result.push(sentence);
  }
  return result;
}
