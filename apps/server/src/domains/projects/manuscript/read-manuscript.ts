import { AppError } from '../../../http/errors.js';
import { finishManuscript } from './chapters.js';
import { MAX_IMPORT_BYTES } from './limits.js';
import { markdownChapters } from './markdown.js';
import { plainTextChapters } from './plain-text.js';
import { readDocx } from './read-docx.js';
import { readEpub } from './read-epub.js';
import type { Manuscript, ManuscriptFormat } from './types.js';
import { looksLikeZip, ZipArchive } from './zip.js';

const TEXT_EXTENSIONS: Record<string, 'txt' | 'md'> = { txt: 'txt', text: 'txt', md: 'md', markdown: 'md' };
const ZIP_FORMATS = new Set(['epub', 'docx']);

/**
 * A manuscript from an uploaded file. EPUB and DOCX are told by what they hold (a zip with an
 * EPUB mimetype or container, a zip with word/document.xml), whatever their name; plain text and
 * Markdown by their extension. Refuses with PROJECT_IMPORT_TOO_LARGE, _UNSUPPORTED, _CORRUPT,
 * _DRM, _EMPTY, PROJECT_TOO_LONG or PROJECT_TOO_MANY_CHAPTERS, and stores nothing itself.
 */
export async function readManuscript(file: { fileName: string; bytes: Buffer }): Promise<Manuscript> {
  if (file.bytes.length > MAX_IMPORT_BYTES) throw new AppError('PROJECT_IMPORT_TOO_LARGE');
  const extension = /\.([a-z0-9]+)$/i.exec(file.fileName.trim())?.[1]?.toLowerCase() ?? '';

  if (looksLikeZip(file.bytes)) {
    const zip = openZip(file.bytes, extension);
    const format = zipFormat(zip, extension);
    if (format === 'epub') return finishManuscript(readEpub(zip));
    return finishManuscript({ ...(await readDocx(zip, file.bytes)), cover: null });
  }
  // An EPUB or DOCX is always a zip: one that is not was damaged or is something else renamed.
  if (ZIP_FORMATS.has(extension)) throw new AppError('PROJECT_IMPORT_CORRUPT');
  const textFormat = TEXT_EXTENSIONS[extension];
  if (textFormat === undefined) throw new AppError('PROJECT_IMPORT_UNSUPPORTED');
  return manuscriptFromText(decodeText(file.bytes), textFormat);
}

/**
 * A manuscript from pasted text. The title is the document's own (a Markdown "# Title" above its
 * chapters), else `fallbackTitle`, else null.
 */
export function manuscriptFromText(text: string, format: 'txt' | 'md', fallbackTitle?: string): Manuscript {
  const clean = text.replace(/^\uFEFF/, '');
  if (format === 'md') {
    const { documentTitle, chapters } = markdownChapters(clean);
    return finishManuscript({ title: documentTitle ?? fallbackTitle ?? null, author: null, chapters });
  }
  return finishManuscript({ title: fallbackTitle ?? null, author: null, chapters: plainTextChapters(clean) });
}

/** A zip whose directory cannot be read is a broken EPUB or DOCX, or some other file entirely. */
function openZip(bytes: Buffer, extension: string): ZipArchive {
  try {
    return new ZipArchive(bytes);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PROJECT_IMPORT_CORRUPT' && !ZIP_FORMATS.has(extension)) {
      throw new AppError('PROJECT_IMPORT_UNSUPPORTED');
    }
    throw error;
  }
}

function zipFormat(zip: ZipArchive, extension: string): Extract<ManuscriptFormat, 'epub' | 'docx'> {
  const mimetype = zip.has('mimetype') ? zip.readText('mimetype')?.trim() : undefined;
  if (mimetype === 'application/epub+zip' || zip.has('META-INF/container.xml')) return 'epub';
  if (zip.has('word/document.xml')) return 'docx';
  // Named as one but holding neither: the parts that make it one are missing.
  if (ZIP_FORMATS.has(extension)) throw new AppError('PROJECT_IMPORT_CORRUPT');
  throw new AppError('PROJECT_IMPORT_UNSUPPORTED');
}

/**
 * A text file's characters: UTF-8 (with or without a byte-order mark), UTF-16 with its mark, and
 * otherwise Windows-1252, which older text files from Windows are. NUL characters mean the file is
 * not text at all.
 */
function decodeText(bytes: Buffer): string {
  let text: string;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) text = new TextDecoder('utf-16le').decode(bytes.subarray(2));
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) text = new TextDecoder('utf-16be').decode(bytes.subarray(2));
  else {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    } catch {
      text = new TextDecoder('windows-1252').decode(bytes);
    }
  }
  if (text.includes('\u0000')) throw new AppError('PROJECT_IMPORT_CORRUPT');
  return text;
}
