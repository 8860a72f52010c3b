import { describe, expect, it } from 'vitest';
import { formatBytes, formatClock, formatDate, formatDuration } from '@/lib/format';

const CREATED_AT = '2026-11-23T12:00:00.000Z';

describe('dates as the visitor writes them', () => {
  it('writes the same day the American way in en-US and the British way in en-GB', () => {
    expect(formatDate(CREATED_AT, 'en-US')).toBe('Nov 23, 2026');
    expect(formatDate(CREATED_AT, 'en-GB')).toBe('23 Nov 2026');
  });

  it('follows the browser’s own locale when none is given', () => {
    const browserWay = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
    expect(formatDate(CREATED_AT)).toBe(browserWay.format(new Date(CREATED_AT)));
  });

  it('shows nothing for a date it cannot read rather than “Invalid Date”', () => {
    expect(formatDate('not a date', 'en-US')).toBe('');
  });
});

describe('formatBytes', () => {
  it('writes sizes in powers of 1024 with one decimal below ten', () => {
    expect([0, 812, 1536, 1_572_864, 52_428_800, 1_073_741_824].map(formatBytes)).toEqual([
      '0 B',
      '812 B',
      '1.5 KB',
      '1.5 MB',
      '50 MB',
      '1.0 GB',
    ]);
  });
});

describe('formatClock', () => {
  it('writes a start time as mm:ss.s, rounded to tenths', () => {
    expect([0, 4_150, 59_960, 754_000].map(formatClock)).toEqual(['00:00.0', '00:04.2', '01:00.0', '12:34.0']);
  });
});

describe('formatDuration', () => {
  it('writes a length as m:ss, with hours only when there are some', () => {
    expect([0, 42_400, 185_000, 3_730_000].map(formatDuration)).toEqual(['0:00', '0:42', '3:05', '1:02:10']);
  });
});
