/** A line being written in the Dialogue mode; `key` keeps React's rows stable as lines move. */
export interface DraftLine {
  key: number;
  speaker: string;
  voiceId: string;
  text: string;
}

let nextKey = 1;

export const newLine = (speaker: string, voiceId: string): DraftLine => ({
  key: nextKey++,
  speaker,
  voiceId,
  text: '',
});

/** The lines with one moved up (-1) or down (+1); a move past either end changes nothing. */
export function moveLine(lines: DraftLine[], index: number, by: -1 | 1): DraftLine[] {
  const target = index + by;
  if (target < 0 || target >= lines.length) return lines;
  const moved = [...lines];
  const [line] = moved.splice(index, 1);
  if (line) moved.splice(target, 0, line);
  return moved;
}

/** Why the dialogue cannot be spoken yet, in the words the page shows; null when it can. */
export function dialogueBlocker(lines: DraftLine[]): string | null {
  if (lines.length === 0) return 'Add a line to start the dialogue.';
  const missing = lines.findIndex((line) => !line.speaker.trim() || !line.voiceId || !line.text.trim());
  if (missing === -1) return null;
  const line = lines[missing] as DraftLine;
  const what = !line.speaker.trim() ? 'a speaker' : !line.voiceId ? 'a voice' : 'some text';
  return `Line ${missing + 1} needs ${what}.`;
}

/** A time in the audio as m:ss. */
export function clock(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
