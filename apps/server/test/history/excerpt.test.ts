import { describe, expect, it } from 'vitest';
import { EXCERPT_LENGTH, excerptOf } from '../../src/domains/history/excerpt.js';

describe('the history list’s excerpt of a text', () => {
  it('keeps a text of up to 200 characters whole, with no ellipsis', () => {
    const text = 'Does it read well? '.repeat(10).trim();
    expect(excerptOf(text)).toBe(text);
  });

  it('cuts a longer text at a word boundary and marks the cut with one ellipsis', () => {
    const text = 'Does it read well? '.repeat(30);
    const excerpt = excerptOf(text);
    expect([...excerpt].length).toBeLessThanOrEqual(EXCERPT_LENGTH);
    expect(excerpt).not.toMatch(/……$/u);
    const body = excerpt.slice(0, -1);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(text.startsWith(body)).toBe(true);
    // The next character of the text is a space: no word is cut ("Does i…").
    expect(text.charAt(body.length)).toMatch(/\s/u);
  });

  it('never splits an emoji, counting characters as people see them', () => {
    const text = '👋'.repeat(300);
    const excerpt = excerptOf(text);
    expect([...excerpt]).toHaveLength(EXCERPT_LENGTH);
    expect(excerpt.endsWith('👋…')).toBe(true);
  });
});
