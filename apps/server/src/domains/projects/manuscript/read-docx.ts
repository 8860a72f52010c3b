import { AppError } from '../../../http/errors.js';
import { type ChapterDraft, chaptersByHeadings, DOCUMENT_TITLE_CLASS } from './chapters.js';
import { htmlBlocks } from './html-blocks.js';
import { children, parseXml, textOf } from './xml.js';
import type { ZipArchive } from './zip.js';

export interface DocxContent {
  title: string | null;
  author: string | null;
  chapters: ChapterDraft[];
}

/** Word's Title style is marked so that it names the document instead of becoming a paragraph. */
const STYLE_MAP = [
  `p[style-name='Title'] => p.${DOCUMENT_TITLE_CLASS}:fresh`,
  `p.Title => p.${DOCUMENT_TITLE_CLASS}:fresh`,
];

/**
 * A Word document as chapters: mammoth turns it into HTML with its default style map (Heading 1
 * and 2 become h1 and h2), and those headings start chapters. Title and author come from
 * docProps/core.xml, else the first paragraph in Word's Title style.
 */
export async function readDocx(zip: ZipArchive, bytes: Buffer): Promise<DocxContent> {
  // Loaded on the first Word import: a server that never sees one keeps its memory (about 15 MiB).
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    ({ value: html } = await mammoth.convertToHtml({ buffer: bytes }, { styleMap: STYLE_MAP }));
  } catch {
    // mammoth's failures are a zip or XML it cannot read: the file is broken, whatever the cause.
    throw new AppError('PROJECT_IMPORT_CORRUPT');
  }
  const { documentTitle, chapters } = chaptersByHeadings(htmlBlocks(html));
  const core = coreProperties(zip);
  return { title: core.title ?? documentTitle, author: core.author, chapters };
}

function coreProperties(zip: ZipArchive): { title: string | null; author: string | null } {
  const text = zip.readText('docProps/core.xml');
  if (text === null) return { title: null, author: null };
  try {
    const core = parseXml(text, 'coreProperties');
    return {
      title: textOf(children(core, 'title')[0]) || null,
      author: textOf(children(core, 'creator')[0]) || null,
    };
  } catch {
    // The properties are optional: a document whose text reads is not refused for its metadata.
    return { title: null, author: null };
  }
}
