/**
 * How much a project may hold, and how large a file an import may be (issue 37). The domain checks
 * edits against the same figures, so they live here, once.
 */

/** The largest file an import accepts: 50 MB. */
export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

/**
 * The most a zip (EPUB, DOCX) may unpack to. A 50 MB book of text and images unpacks to a little
 * more than itself; a file that claims far more is a zip bomb, not a book.
 */
export const MAX_UNPACKED_BYTES = 400 * 1024 * 1024;

/** The most characters of text a project holds (what rendering would charge for). */
export const MAX_PROJECT_CHARACTERS = 2_000_000;

/** The most chapters a project holds. */
export const MAX_PROJECT_CHAPTERS = 200;

/** Chapter titles longer than this (a whole sentence taken for a heading) are cut at a word. */
export const MAX_CHAPTER_TITLE_LENGTH = 200;

/** Characters as credits count them: code points, so an emoji is one character, not two. */
export function characterCount(text: string): number {
  return [...text].length;
}
