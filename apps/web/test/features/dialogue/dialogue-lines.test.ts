import { describe, expect, it } from 'vitest';
import { clock, dialogueBlocker, moveLine, newLine } from '@/features/dialogue/lib/dialogue-lines';

const line = (speaker: string, voiceId: string, text: string) => ({ ...newLine(speaker, voiceId), text });

describe('dialogue lines', () => {
  it('moves a line up or down by one, and leaves the lines alone at either end', () => {
    const lines = [line('A', 'v1', 'one'), line('B', 'v2', 'two'), line('C', 'v3', 'three')];
    expect(moveLine(lines, 2, -1).map((entry) => entry.text)).toEqual(['one', 'three', 'two']);
    expect(moveLine(lines, 0, 1).map((entry) => entry.text)).toEqual(['two', 'one', 'three']);
    expect(moveLine(lines, 0, -1)).toBe(lines);
    expect(moveLine(lines, 2, 1)).toBe(lines);
  });

  it('names the first line that is not ready, and what it lacks', () => {
    expect(dialogueBlocker([])).toBe('Add a line to start the dialogue.');
    expect(dialogueBlocker([line('A', 'v1', 'Hello.'), line(' ', 'v2', 'Hi.')])).toBe('Line 2 needs a speaker.');
    expect(dialogueBlocker([line('A', '', 'Hello.')])).toBe('Line 1 needs a voice.');
    expect(dialogueBlocker([line('A', 'v1', '  ')])).toBe('Line 1 needs some text.');
    expect(dialogueBlocker([line('A', 'v1', 'Hello.'), line('B', 'v2', 'Hi.')])).toBeNull();
  });

  it('shows times in the audio as m:ss', () => {
    expect(clock(0)).toBe('0:00');
    expect(clock(65_400)).toBe('1:05');
  });
});
