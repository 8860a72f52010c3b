import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';

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
