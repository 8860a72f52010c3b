import { AppError } from '../../../http/errors.js';
import type { TextBlock } from './html-blocks.js';
import { characterCount, MAX_CHAPTER_TITLE_LENGTH, MAX_PROJECT_CHAPTERS, MAX_PROJECT_CHARACTERS } from './limits.js';
import type { Manuscript, ManuscriptChapter } from './types.js';

/** A chapter while a parser is still finding it: it may have no title yet, or no text at all. */
export interface ChapterDraft {
  title: string | null;
  paragraphs: string[];
}

/** mammoth's class for a paragraph in Word's Title style (read-docx.ts's style map). */
export const DOCUMENT_TITLE_CLASS = 'document-title';

/**
 * Chapters from a document's headings: the top level used among h1..h`maxLevel` starts a chapter
 * and is its title; deeper headings stay as paragraphs. A single top-level heading at the very
 * start, above headings of the next level, is the document's title rather than a chapter (a
 * Markdown file that starts "# My Book" and has "## Chapter 1", "## Chapter 2").
 */
export function chaptersByHeadings(
  blocks: TextBlock[],
  maxLevel = 2,
): { documentTitle: string | null; chapters: ChapterDraft[] } {
  let documentTitle: string | null = null;
  let remaining = blocks.filter((block) => {
    if (!block.classes.includes(DOCUMENT_TITLE_CLASS)) return true;
    documentTitle ??= block.text;
    return false;
  });

  const levelsUsed = (list: TextBlock[]) =>
    list.flatMap((block) => (block.heading !== null && block.heading <= maxLevel ? [block.heading] : []));
  let levels = levelsUsed(remaining);
  let top = Math.min(...levels);
  const [first] = remaining;
  const onlyOneAtTop = levels.filter((level) => level === top).length === 1;
  if (first?.heading === top && onlyOneAtTop && levels.some((level) => level === top + 1)) {
    documentTitle ??= first.text;
    remaining = remaining.slice(1);
    levels = levelsUsed(remaining);
    top = Math.min(...levels);
  }

  const chapters: ChapterDraft[] = [];
  for (const block of remaining) {
    if (block.heading === top) {
      chapters.push({ title: block.text, paragraphs: [] });
      continue;
    }
    const current = chapters.at(-1) ?? { title: null, paragraphs: [] };
    if (chapters.length === 0) chapters.push(current);
    current.paragraphs.push(block.text);
  }
  return { documentTitle, chapters };
}

function cutTitle(title: string): string {
  const clean = title.replace(/\s+/g, ' ').trim();
  if (clean.length <= MAX_CHAPTER_TITLE_LENGTH) return clean;
  const cut = clean.slice(0, MAX_CHAPTER_TITLE_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_CHAPTER_TITLE_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * The manuscript a parser found, made ready for a project: whitespace collapsed, empty paragraphs
 * and chapters without text dropped (a cover page, a "Part One" heading right before its first
 * chapter), untitled chapters named, and the project limits checked.
 */
export function finishManuscript(found: {
  title: string | null;
  author: string | null;
  cover?: Manuscript['cover'];
  chapters: ChapterDraft[];
}): Manuscript {
  const withText = found.chapters
    .map((chapter) => ({
      title: chapter.title === null ? '' : cutTitle(chapter.title),
      paragraphs: chapter.paragraphs.map((paragraph) => paragraph.replace(/\s+/g, ' ').trim()).filter(Boolean),
    }))
    .filter((chapter) => chapter.paragraphs.length > 0);
  if (withText.length === 0) throw new AppError('PROJECT_IMPORT_EMPTY');
  if (withText.length > MAX_PROJECT_CHAPTERS) throw new AppError('PROJECT_TOO_MANY_CHAPTERS');
  let characters = 0;
  for (const chapter of withText) {
    for (const paragraph of chapter.paragraphs) characters += characterCount(paragraph);
  }
  if (characters > MAX_PROJECT_CHARACTERS) throw new AppError('PROJECT_TOO_LONG');

  const anyTitled = withText.some((chapter) => chapter.title !== '');
  const chapters: ManuscriptChapter[] = withText.map((chapter, index) => ({
    title: chapter.title || untitled(index, anyTitled),
    paragraphs: chapter.paragraphs,
  }));
  const meta = (value: string | null) => {
    const clean = value?.replace(/\s+/g, ' ').trim();
    return clean ? clean : null;
  };
  return { title: meta(found.title), author: meta(found.author), cover: found.cover ?? null, chapters };
}

/** What an untitled chapter is called: text before the first titled chapter is the front matter. */
function untitled(index: number, anyTitled: boolean): string {
  return index === 0 && anyTitled ? 'Front matter' : `Chapter ${index + 1}`;
}
