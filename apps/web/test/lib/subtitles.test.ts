import { describe, expect, it } from 'vitest';
import { cueClock, parseSrt, toWebVtt, vttTimestamp } from '@/lib/subtitles';

// Written by the server for a real task: the eSpeak engine read this text, and render.ts timed each sentence.
const SERVER_SRT =
  '1\n00:00:00,000 --> 00:00:01,180\nWelcome to Sayso.\n\n' +
  '2\n00:00:01,180 --> 00:00:04,096\nThis sentence is spoken by a preset voice!\n\n' +
  '3\n00:00:04,096 --> 00:00:05,763\nIs the transcript right?\n\n' +
  '4\n00:00:05,763 --> 00:00:06,943\nIt has four cues.\n';

describe('reading a SubRip transcript', () => {
  it('reads the server’s cues with their exact start and end times', () => {
    expect(parseSrt(SERVER_SRT)).toEqual([
      { startMs: 0, endMs: 1180, text: 'Welcome to Sayso.' },
      { startMs: 1180, endMs: 4096, text: 'This sentence is spoken by a preset voice!' },
      { startMs: 4096, endMs: 5763, text: 'Is the transcript right?' },
      { startMs: 5763, endMs: 6943, text: 'It has four cues.' },
    ]);
  });

  it('reads Windows line ends, a byte-order mark, hours, and cues of two lines', () => {
    const srt = '\uFEFF7\r\n01:02:03,004 --> 01:02:05,500\r\nFirst line\r\nsecond line\r\n\r\n\r\n';
    expect(parseSrt(srt)).toEqual([{ startMs: 3_723_004, endMs: 3_725_500, text: 'First line\nsecond line' }]);
  });

  it('skips a block that has no timing line instead of inventing a time', () => {
    expect(parseSrt('1\nno timing here\n\n2\n00:00:01,000 --> 00:00:02,000\nKept.')).toEqual([
      { startMs: 1000, endMs: 2000, text: 'Kept.' },
    ]);
  });
});

describe('writing WebVTT', () => {
  it('turns the server’s SRT into a WebVTT file with the same cue timings', () => {
    expect(toWebVtt(parseSrt(SERVER_SRT))).toBe(
      'WEBVTT\n\n' +
        '1\n00:00:00.000 --> 00:00:01.180\nWelcome to Sayso.\n\n' +
        '2\n00:00:01.180 --> 00:00:04.096\nThis sentence is spoken by a preset voice!\n\n' +
        '3\n00:00:04.096 --> 00:00:05.763\nIs the transcript right?\n\n' +
        '4\n00:00:05.763 --> 00:00:06.943\nIt has four cues.\n',
    );
  });

  it('writes an empty transcript as a valid, empty WebVTT file', () => {
    expect(toWebVtt([])).toBe('WEBVTT\n');
  });

  it('keeps "-->" out of cue text, where WebVTT would read it as a timing', () => {
    expect(toWebVtt([{ startMs: 0, endMs: 500, text: 'A --> B' }])).toBe(
      'WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.500\nA → B\n',
    );
  });

  it('carries milliseconds into seconds, minutes and hours', () => {
    expect(vttTimestamp(59_999.6)).toBe('00:01:00.000');
    expect(vttTimestamp(3_600_000 + 61_001)).toBe('01:01:01.001');
    expect(cueClock(4096)).toBe('00:00:04');
  });
});
