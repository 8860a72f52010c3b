/**
 * File names for exported chapters: "01 - Chapter title.mp3". A title can hold anything a
 * manuscript does, so it is cut down to what every common file system and unzip tool takes.
 */

/** Long enough for any real chapter title, short enough to stay well inside path limits. */
const MAX_TITLE_LENGTH = 80;

/**
 * A chapter title fit for a file name: characters that Windows, macOS or Linux refuse in names
 * (/ \ : * ? " < > | and control characters) become spaces, runs of spaces one space, and dots or
 * spaces at either end go (Windows drops trailing ones itself, and a leading dot hides a file).
 */
export function safeFileTitle(title: string, fallback: string): string {
  const cleaned = title
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what must go.
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  // Cut by code points, so a character outside the basic plane is never split in half.
  const short = Array.from(cleaned)
    .slice(0, MAX_TITLE_LENGTH)
    .join('')
    .replace(/[\s.]+$/, '');
  return short || fallback;
}

/**
 * "01 - Title.ext" for chapter `index` (0-based) of `count`: the number is padded to the width
 * of the largest one, so the files sort in reading order everywhere.
 */
export function chapterFileName(index: number, count: number, title: string, extension: string): string {
  const width = Math.max(2, String(count).length);
  const number = String(index + 1).padStart(width, '0');
  return `${number} - ${safeFileTitle(title, `Chapter ${index + 1}`)}.${extension}`;
}
