import type { ChapterDraft } from './chapters.js';

const NUMBER_WORD =
  '(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|' +
  'seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|first|second|' +
  'third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final)';
const NUMBER = `(?:\\d{1,4}|[ivxlcdm]{1,8}|${NUMBER_WORD}(?:[\\s-]+(?:and[\\s-]+)?${NUMBER_WORD}){0,3})`;
/** After the marker: nothing, or a separator and a title ("Chapter 2: The Storm", "Part I. Arrival"). */
const TITLE_TAIL = '(?:\\s*[:.\\-–—]\\s*\\S.*)?';

/**
 * A line that starts a chapter on its own: "Chapter 1", "CHAPTER ONE", "Chapter 2: Title",
 * "Part I", "Book Two", "Prologue", "Epilogue" and the like. A sentence that merely begins with
 * one of these words ("Part of me knew") does not match: a number or the line's end must follow.
 */
const CHAPTER_LINE = new RegExp(
  `^(?:(?:chapter|part|book)\\s+${NUMBER}|prologue|epilogue|preface|foreword|introduction|afterword|interlude)${TITLE_TAIL}$`,
  'i',
);

/** Long lines are prose, whatever they start with. */
const MAX_MARKER_LENGTH = 120;

export function isChapterLine(line: string): boolean {
  return line.length <= MAX_MARKER_LENGTH && CHAPTER_LINE.test(line);
}

/**
 * Chapters of plain text: a marker line starts a chapter and is its title; paragraphs are split
 * at blank lines, and the lines inside one are joined with a space (a hard-wrapped book reads as
 * sentences, not as lines). Text with no marker is one untitled chapter.
 */
export function plainTextChapters(text: string): ChapterDraft[] {
  const chapters: ChapterDraft[] = [];
  let current: ChapterDraft = { title: null, paragraphs: [] };
  let lines: string[] = [];

  const endParagraph = () => {
    if (lines.length > 0) current.paragraphs.push(lines.join(' '));
    lines = [];
  };

  for (const raw of text.split(/\r\n|\r|\n|\u2028|\u2029/)) {
    const line = raw.replace(/\s+/g, ' ').trim();
    if (line === '') {
      endParagraph();
    } else if (isChapterLine(line)) {
      endParagraph();
      if (current.title !== null || current.paragraphs.length > 0) chapters.push(current);
      current = { title: line, paragraphs: [] };
    } else {
      lines.push(line);
    }
  }
  endParagraph();
  chapters.push(current);
  return chapters;
}
