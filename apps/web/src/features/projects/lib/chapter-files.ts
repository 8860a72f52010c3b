import type { Cue } from '@/lib/subtitles';
import { parseSrt } from '@/lib/subtitles';

/** One chapter's audio and its cues (one per block, in block order), as the ZIP export holds them. */
export interface ChapterRecording {
  mp3: Uint8Array;
  cues: Cue[];
}

const decoder = new TextDecoder();
/** "01 - Title.mp3": the number the export gives each chapter, padded to the widest. */
const NUMBERED = /^(\d+) - .*\.(mp3|srt)$/;

/**
 * Pairs the ZIP export's files with the project's chapters. The export numbers the chapters that
 * have blocks, in order, and puts an MP3 and an SRT under each number; `chapterIds` are those chapters.
 */
export function chapterRecordings(
  files: Record<string, Uint8Array>,
  chapterIds: readonly string[],
): Map<string, ChapterRecording> {
  const byNumber = new Map<number, { mp3?: Uint8Array; srt?: string }>();
  for (const [name, bytes] of Object.entries(files)) {
    const match = NUMBERED.exec(name);
    if (!match?.[1]) continue;
    const number = Number(match[1]);
    const entry = byNumber.get(number) ?? {};
    if (match[2] === 'mp3') entry.mp3 = bytes;
    else entry.srt = decoder.decode(bytes);
    byNumber.set(number, entry);
  }
  const recordings = new Map<string, ChapterRecording>();
  chapterIds.forEach((chapterId, index) => {
    const entry = byNumber.get(index + 1);
    if (entry?.mp3) recordings.set(chapterId, { mp3: entry.mp3, cues: entry.srt ? parseSrt(entry.srt) : [] });
  });
  return recordings;
}

/**
 * The cue being spoken at `ms`, or the last one started before it (in a pause between blocks the
 * block just read stays highlighted); -1 before the first.
 */
export function cueIndexAt(cues: readonly Cue[], ms: number): number {
  let found = -1;
  for (let index = 0; index < cues.length; index += 1) {
    const cue = cues[index];
    if (!cue || cue.startMs > ms) break;
    found = index;
  }
  return found;
}
