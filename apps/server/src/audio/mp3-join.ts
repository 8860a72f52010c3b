import { findFrameChain, readHeader } from './mp3-frames.js';

/**
 * Joins MP3 files into one stream by laying their frames end to end. MP3 frames stand alone, so
 * this needs no decoding; what must go is everything around them in each part: ID3 tags, a
 * trailing ID3v1 tag, and a Xing/Info/VBRI frame, which describes one file's length and would make
 * a player think the joined file ends where the first part did. All parts must share one MPEG
 * version and sample rate (a stream cannot change them midway), and that is checked.
 */

export interface JoinedMp3 {
  /** The frames of every part, in order. */
  audio: Buffer;
  /** Each part's length as the joined stream plays it: its frames times the frame duration. */
  durationsMs: number[];
  sampleRate: number;
}

/** Where a frame's side information ends and a Xing or Info header would begin. */
function infoTagOffset(bytes: Uint8Array, at: number): number {
  const mpeg1 = (((bytes[at + 1] ?? 0) >> 3) & 3) === 3;
  const mono = (bytes[at + 3] ?? 0) >> 6 === 3;
  const sideInfo = mpeg1 ? (mono ? 17 : 32) : mono ? 9 : 17;
  return at + 4 + sideInfo;
}

/** Whether the frame at `at` is an encoder's information frame rather than audio. */
function isInfoFrame(bytes: Uint8Array, at: number): boolean {
  const tag = (offset: number) => Buffer.from(bytes.subarray(offset, offset + 4)).toString('latin1');
  const xing = tag(infoTagOffset(bytes, at));
  // VBRI sits at a fixed place: 32 bytes after the header, whatever the mode.
  return xing === 'Xing' || xing === 'Info' || tag(at + 36) === 'VBRI';
}

interface PartAudio {
  bytes: Uint8Array;
  frames: number;
  sampleRate: number;
  samplesPerFrame: number;
}

function partAudio(mp3: Uint8Array, index: number): PartAudio {
  const chain = findFrameChain(mp3);
  if (!chain) throw new Error(`Part ${index + 1} holds no MPEG audio`);
  let { start, frames } = chain;
  const first = readHeader(mp3, start);
  if (first && isInfoFrame(mp3, start)) {
    start += first.length;
    frames -= 1;
  }
  return {
    bytes: mp3.subarray(start, chain.end),
    frames,
    sampleRate: chain.sampleRate,
    samplesPerFrame: chain.samplesPerFrame,
  };
}

export function joinMp3(parts: Uint8Array[]): JoinedMp3 {
  const audio = parts.map(partAudio);
  const [first] = audio;
  if (!first) throw new Error('Nothing to join');
  for (const [index, part] of audio.entries()) {
    if (part.sampleRate !== first.sampleRate || part.samplesPerFrame !== first.samplesPerFrame) {
      throw new Error(
        `Part ${index + 1} is ${part.sampleRate} Hz and part 1 ${first.sampleRate} Hz: one MP3 stream needs one rate`,
      );
    }
  }
  return {
    audio: Buffer.concat(audio.map((part) => part.bytes)),
    durationsMs: audio.map((part) => (part.frames * part.samplesPerFrame * 1000) / part.sampleRate),
    sampleRate: first.sampleRate,
  };
}
