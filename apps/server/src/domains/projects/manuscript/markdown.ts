import { Lexer, Parser } from 'marked';
import { type ChapterDraft, chaptersByHeadings } from './chapters.js';
import { htmlBlocks } from './html-blocks.js';

/**
 * Chapters of Markdown: marked reads the structure (headings, paragraphs, lists, quotes, code) and
 * writes it as HTML, whose blocks are then read as plain text, so no markup or entity is left.
 * `#` and `##` headings start chapters (the top level of the two that the text uses).
 */
export function markdownChapters(text: string): { documentTitle: string | null; chapters: ChapterDraft[] } {
  const tokens = Lexer.lex(text, { gfm: true });
  const html = Parser.parse(tokens, { gfm: true });
  return chaptersByHeadings(htmlBlocks(html));
}
