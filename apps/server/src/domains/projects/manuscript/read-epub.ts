import { posix } from 'node:path';
import { Parser } from 'htmlparser2';
import { AppError } from '../../../http/errors.js';
import type { ChapterDraft } from './chapters.js';
import { htmlBlocks, type TextBlock } from './html-blocks.js';
import type { ManuscriptCover } from './types.js';
import { attribute, children, descend, parseXml, textOf, type XmlElement } from './xml.js';
import type { ZipArchive } from './zip.js';

interface ManifestItem {
  /** The item's path inside the zip. */
  path: string;
  mediaType: string;
  properties: string[];
}

export interface EpubContent {
  title: string | null;
  author: string | null;
  cover: ManuscriptCover | null;
  chapters: ChapterDraft[];
}

/** Encryption methods that only obfuscate fonts (IDPF's and Adobe's): the text is readable. */
const FONT_OBFUSCATION = new Set(['http://www.idpf.org/2008/embedding', 'http://ns.adobe.com/pdf/enc#RC']);
const FONT_FILE = /\.(ttf|otf|woff2?|eot)$/i;
const CONTENT_TYPES = new Set(['application/xhtml+xml', 'text/html', 'application/html']);

/**
 * An EPUB 2 or 3 as chapters: the spine gives the order, the table of contents (EPUB 3's nav
 * document, else EPUB 2's NCX) the chapters and their titles. A spine document the table of
 * contents does not name continues the chapter before it; one without text (a cover page) adds
 * nothing. Title, author and cover come from the package's metadata.
 */
export function readEpub(zip: ZipArchive): EpubContent {
  refuseDrm(zip);
  const opfPath = packagePath(zip);
  const opf = parseXml(requiredText(zip, opfPath), 'package');
  const manifest = readManifest(opf, posix.dirname(opfPath));
  const metadata = descend(opf, 'metadata');
  const toc = tableOfContents(zip, opf, manifest);
  return {
    title: textOf(children(metadata, 'title')[0]) || null,
    author: firstAuthor(metadata),
    cover: readCover(zip, metadata, manifest),
    chapters: spineChapters(zip, opf, manifest, toc),
  };
}

/** DRM encrypts the content documents; font obfuscation (which many shops apply) is no obstacle. */
function refuseDrm(zip: ZipArchive): void {
  const text = zip.readText('META-INF/encryption.xml');
  if (text === null) return;
  const encryption = parseXml(text, 'encryption');
  for (const data of children(encryption, 'EncryptedData')) {
    const algorithm = attribute(descend(data, 'EncryptionMethod'), 'Algorithm') ?? '';
    const uri = attribute(descend(data, 'CipherData', 'CipherReference'), 'URI') ?? '';
    if (!FONT_OBFUSCATION.has(algorithm) && !FONT_FILE.test(uri)) throw new AppError('PROJECT_IMPORT_DRM');
  }
}

function packagePath(zip: ZipArchive): string {
  const container = parseXml(requiredText(zip, 'META-INF/container.xml'), 'container');
  const rootfiles = children(descend(container, 'rootfiles'), 'rootfile');
  const opf =
    rootfiles.find((rootfile) => attribute(rootfile, 'media-type') === 'application/oebps-package+xml') ?? rootfiles[0];
  const fullPath = attribute(opf, 'full-path');
  if (!fullPath) throw new AppError('PROJECT_IMPORT_CORRUPT');
  return resolvePath('', fullPath);
}

function requiredText(zip: ZipArchive, path: string): string {
  const text = zip.readText(path);
  if (text === null) throw new AppError('PROJECT_IMPORT_CORRUPT');
  return text;
}

/** A path inside the zip, from an href relative to `dir`: fragment dropped, %-escapes decoded. */
function resolvePath(dir: string, href: string): string {
  const withoutFragment = href.split('#')[0] ?? '';
  let decoded = withoutFragment;
  try {
    decoded = decodeURIComponent(withoutFragment);
  } catch {
    // A stray "%" that is no escape: the href is the file's name as it stands.
  }
  return posix.normalize(posix.join(dir, decoded)).replace(/^(\.\/|\/)+/, '');
}

function readManifest(opf: XmlElement, dir: string): Map<string, ManifestItem> {
  const items = new Map<string, ManifestItem>();
  for (const item of children(descend(opf, 'manifest'), 'item')) {
    const id = attribute(item, 'id');
    const href = attribute(item, 'href');
    if (!id || !href) continue;
    items.set(id, {
      path: resolvePath(dir, href),
      mediaType: (attribute(item, 'media-type') ?? '').toLowerCase(),
      properties: (attribute(item, 'properties') ?? '').split(/\s+/).filter(Boolean),
    });
  }
  return items;
}

function firstAuthor(metadata: XmlElement | undefined): string | null {
  const creators = children(metadata, 'creator');
  const author = creators.find((creator) => attribute(creator, 'role') === 'aut') ?? creators[0];
  return textOf(author) || null;
}

function readCover(
  zip: ZipArchive,
  metadata: XmlElement | undefined,
  manifest: Map<string, ManifestItem>,
): ManuscriptCover | null {
  const items = [...manifest.values()];
  let cover = items.find((item) => item.properties.includes('cover-image'));
  if (!cover) {
    // EPUB 2 names the cover's manifest id in a meta; some writers put its href there instead.
    const named = children(metadata, 'meta').find((meta) => attribute(meta, 'name') === 'cover');
    const content = attribute(named, 'content');
    if (content) cover = manifest.get(content) ?? items.find((item) => item.path.endsWith(content));
  }
  const bytes = cover ? zip.read(cover.path) : null;
  if (!bytes) return null;
  const contentType = imageType(bytes);
  return contentType ? { contentType, bytes: Buffer.from(bytes) } : null;
}

/** JPEG and PNG by their first bytes; other images (GIF, SVG, WebP) are not kept as a cover. */
function imageType(bytes: Uint8Array): ManuscriptCover['contentType'] | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return 'image/png';
  return null;
}

/** Chapter titles by the path of the document each starts: the first entry naming a document wins. */
function tableOfContents(zip: ZipArchive, opf: XmlElement, manifest: Map<string, ManifestItem>): Map<string, string> {
  const items = [...manifest.values()];
  const nav = items.find((item) => item.properties.includes('nav'));
  if (nav) {
    const titles = navTitles(zip, nav.path);
    if (titles.size > 0) return titles;
  }
  const ncxId = attribute(descend(opf, 'spine'), 'toc');
  const ncx =
    (ncxId ? manifest.get(ncxId) : undefined) ?? items.find((item) => item.mediaType === 'application/x-dtbncx+xml');
  return ncx ? ncxTitles(zip, ncx.path) : new Map();
}

/** EPUB 3: the links of the `<nav epub:type="toc">` (or of the first nav, if none says toc). */
function navTitles(zip: ZipArchive, path: string): Map<string, string> {
  const text = zip.readText(path);
  const titles = new Map<string, string>();
  if (text === null) return titles;
  const dir = posix.dirname(path);
  const navs: { toc: boolean; links: { href: string; title: string }[] }[] = [];
  let inNav = 0;
  let link: { href: string; title: string } | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'nav') {
          inNav += 1;
          if (inNav === 1) navs.push({ toc: /\btoc\b/.test(attributes['epub:type'] ?? ''), links: [] });
        } else if (name === 'a' && inNav > 0 && attributes.href) {
          link = { href: attributes.href, title: '' };
        }
      },
      ontext(chunk) {
        if (link) link.title += chunk;
      },
      onclosetag(name) {
        if (name === 'nav') inNav = Math.max(0, inNav - 1);
        if (name === 'a' && link) {
          navs.at(-1)?.links.push(link);
          link = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(text);
  parser.end();
  const toc = navs.find((nav) => nav.toc) ?? navs[0];
  for (const entry of toc?.links ?? []) {
    const title = entry.title.replace(/\s+/g, ' ').trim();
    const target = resolvePath(dir, entry.href);
    if (title && !titles.has(target)) titles.set(target, title);
  }
  return titles;
}

/** EPUB 2: the navPoints of the NCX's navMap, depth first, which is reading order. */
function ncxTitles(zip: ZipArchive, path: string): Map<string, string> {
  const titles = new Map<string, string>();
  const text = zip.readText(path);
  if (text === null) return titles;
  const dir = posix.dirname(path);
  const visit = (point: XmlElement) => {
    const title = textOf(descend(point, 'navLabel', 'text'));
    const src = attribute(descend(point, 'content'), 'src');
    if (title && src) {
      const target = resolvePath(dir, src);
      if (!titles.has(target)) titles.set(target, title);
    }
    for (const child of children(point, 'navPoint')) visit(child);
  };
  for (const point of children(descend(parseXml(text, 'ncx'), 'navMap'), 'navPoint')) visit(point);
  return titles;
}

function spineChapters(
  zip: ZipArchive,
  opf: XmlElement,
  manifest: Map<string, ManifestItem>,
  toc: Map<string, string>,
): ChapterDraft[] {
  const documents = children(descend(opf, 'spine'), 'itemref').flatMap((itemref) => {
    // Non-linear items (notes, answers) are reached by links, not read in order.
    if (attribute(itemref, 'linear') === 'no') return [];
    const item = manifest.get(attribute(itemref, 'idref') ?? '');
    // The nav document is often in the spine too: its list of chapters is not text to read.
    return item && CONTENT_TYPES.has(item.mediaType) && !item.properties.includes('nav') ? [item] : [];
  });
  zip.prefetch(documents.map((item) => item.path));
  const chapters: ChapterDraft[] = [];
  for (const item of documents) {
    const text = zip.readText(item.path);
    if (text === null) throw new AppError('PROJECT_IMPORT_CORRUPT');
    const blocks = htmlBlocks(text);
    const title = toc.get(item.path);
    const previous = chapters.at(-1);
    if (title !== undefined) {
      chapters.push({ title, paragraphs: withoutHeading(blocks, title).map((block) => block.text) });
    } else if (previous && toc.size > 0) {
      previous.paragraphs.push(...blocks.map((block) => block.text));
    } else if (blocks.length > 0) {
      // No table of contents, or text before its first entry: the document's own heading names it.
      const heading = blocks[0]?.heading !== null ? (blocks[0]?.text ?? null) : null;
      const rest = heading === null ? blocks : blocks.slice(1);
      chapters.push({ title: heading, paragraphs: rest.map((block) => block.text) });
    }
  }
  return chapters;
}

/** The blocks without a leading heading that only repeats the chapter's title. */
function withoutHeading(blocks: TextBlock[], title: string): TextBlock[] {
  const [first] = blocks;
  const letters = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, '').toLowerCase();
  return first && first.heading !== null && letters(first.text) === letters(title) ? blocks.slice(1) : blocks;
}
