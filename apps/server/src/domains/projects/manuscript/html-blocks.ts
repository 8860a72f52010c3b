import { Parser } from 'htmlparser2';

/** A run of text from one block element: a paragraph, a list item, a quote, or a heading. */
export interface TextBlock {
  text: string;
  /** 1–6 for h1–h6; null for any other block. */
  heading: number | null;
  /** The class names of the element the block came from (mammoth marks a Word title this way). */
  classes: string[];
}

/** Elements whose text is never read aloud. */
const SKIPPED = new Set(['head', 'title', 'script', 'style', 'noscript', 'template', 'svg', 'math', 'rt', 'rp']);

/** Elements that end one block of text and start another. */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'caption',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'footer',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hr',
  'li',
  'main',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'table',
  'td',
  'th',
  'tr',
  'ul',
]);

/** Notes and page markers: the reader of a book does not speak them in the middle of a sentence. */
const NOTE_TYPES = /\b(footnote|endnote|endnotes|rearnote|rearnotes|noteref|pagebreak)\b/;
const NOTE_ROLES = /\bdoc-(footnote|endnote|endnotes|noteref|pagebreak)\b/;
const NOTE_ID = /^(footnote|endnote)-\d+$/;
const NOTE_LINK = /^#(footnote|endnote)-/;

function isSkipped(name: string, attributes: Record<string, string>): boolean {
  if (SKIPPED.has(name)) return true;
  if (NOTE_TYPES.test(attributes['epub:type'] ?? '') || NOTE_ROLES.test(attributes.role ?? '')) return true;
  if (NOTE_ID.test(attributes.id ?? '')) return true;
  return name === 'a' && NOTE_LINK.test(attributes.href ?? '');
}

/**
 * The text of an HTML or XHTML document as blocks, in reading order: entities decoded, whitespace
 * collapsed, scripts, styles and notes dropped, empty blocks left out. Inline markup (emphasis,
 * links, spans) leaves its text in the block around it.
 */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  const open: { name: string; skipped: boolean }[] = [];
  let skippedDepth = 0;
  let buffer = '';
  let heading: number | null = null;
  let classes: string[] = [];

  const flush = () => {
    const text = buffer.replace(/\s+/g, ' ').trim();
    if (text !== '') blocks.push({ text, heading, classes });
    buffer = '';
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const skipped = isSkipped(name, attributes);
        open.push({ name, skipped });
        if (skipped) skippedDepth += 1;
        if (skippedDepth > 0) return;
        if (name === 'br') buffer += ' ';
        if (!BLOCKS.has(name)) return;
        flush();
        const level = /^h([1-6])$/.exec(name);
        heading = level ? Number(level[1]) : null;
        classes = (attributes.class ?? '').split(/\s+/).filter(Boolean);
      },
      ontext(text) {
        if (skippedDepth === 0) buffer += text;
      },
      onclosetag(name) {
        const index = open.findLastIndex((element) => element.name === name);
        if (index === -1) return;
        for (const element of open.splice(index)) if (element.skipped) skippedDepth -= 1;
        if (skippedDepth > 0 || !BLOCKS.has(name)) return;
        flush();
        heading = null;
        classes = [];
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}
