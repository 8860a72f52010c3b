/** One timed line of a transcript. */
export interface Cue {
  startMs: number;
  endMs: number;
  text: string;
}

// "00:01:02,345" in SubRip; WebVTT writes "00:01:02.345" and may leave the hours out.
const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3})/;

function toMs(stamp: string): number {
  const [clock = '', fraction = '0'] = stamp.split(/[,.]/);
  const parts = clock.split(':').map(Number);
  const [hours, minutes, seconds] = parts.length === 3 ? parts : [0, ...parts];
  return ((hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (seconds ?? 0)) * 1000 + Number(fraction.padEnd(3, '0'));
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A cue time as WebVTT writes it: hours, minutes, seconds and milliseconds, with a full stop. */
export function vttTimestamp(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const hours = Math.floor(whole / 3_600_000);
  const minutes = Math.floor(whole / 60_000) % 60;
  const seconds = Math.floor(whole / 1000) % 60;
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(whole % 1000, 3)}`;
}

/** The time shown beside a cue in the transcript view: hours, minutes and seconds. */
export const cueClock = (ms: number): string => vttTimestamp(ms).slice(0, 8);

/**
 * Reads SubRip text into cues. A block is an optional number, a timing line and the words; blocks
 * without a timing line are skipped rather than shown with a made-up time.
 */
export function parseSrt(srt: string): Cue[] {
  return srt
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .flatMap((block) => {
      const lines = block.split('\n').filter((line) => line.trim() !== '');
      const timingAt = lines.findIndex((line) => TIMING.test(line));
      const timing = timingAt >= 0 ? TIMING.exec(lines[timingAt] ?? '') : null;
      if (!timing?.[1] || !timing[2]) return [];
      const text = lines.slice(timingAt + 1).join('\n');
      return text ? [{ startMs: toMs(timing[1]), endMs: toMs(timing[2]), text }] : [];
    });
}

/**
 * The same cues as a WebVTT file, for players and editors that take captions only in that format
 * (the HTML <track> element among them). Cue text may not hold "-->" in WebVTT, so it is spelled out.
 */
export function toWebVtt(cues: Cue[]): string {
  const blocks = cues.map(
    (cue, index) =>
      `${index + 1}\n${vttTimestamp(cue.startMs)} --> ${vttTimestamp(cue.endMs)}\n${cue.text.replaceAll('-->', '→')}`,
  );
  return ['WEBVTT', ...blocks].join('\n\n').concat('\n');
}
