import { type Segment, srtToVtt, toSrt } from '../../../audio/audio.js';

/**
 * A chapter's subtitles as SRT and VTT, with every cue moved by `shiftMs` (what mastering moved
 * the speech by). A cue pushed before the start is clipped to it, never dropped: its words are
 * still spoken.
 */
export function chapterSubtitles(segments: Segment[], shiftMs = 0): { srt: string; vtt: string } {
  const shifted = segments.map((segment) => ({
    text: segment.text,
    startMs: Math.max(0, segment.startMs + shiftMs),
    endMs: Math.max(0, segment.endMs + shiftMs),
  }));
  const srt = toSrt(shifted);
  return { srt, vtt: srtToVtt(srt) };
}
