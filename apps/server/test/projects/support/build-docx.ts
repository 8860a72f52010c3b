import { strToU8, type Zippable, zipSync } from 'fflate';
import { escapeXml } from './build-epub.js';

/**
 * Writes minimal DOCX files for tests: a document.xml of styled paragraphs (Heading1, Heading2,
 * Title or plain), the relationships Word writes, and docProps/core.xml when there is a title or
 * an author. Style ids are enough: mammoth's default style map knows Heading1 and Heading2.
 */

export interface DocxParagraph {
  text: string;
  style?: 'Heading1' | 'Heading2' | 'Title';
}

export interface DocxDocument {
  title?: string;
  author?: string;
  paragraphs: DocxParagraph[];
  /** Replaces word/document.xml with these characters (broken XML, say). */
  documentText?: string;
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

function paragraphXml({ text, style }: DocxParagraph): string {
  const properties = style ? `<w:pPr><w:pStyle w:val="${style}"/></w:pPr>` : '';
  return `<w:p>${properties}<w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`;
}

function coreXml(document: DocxDocument): string {
  const title = document.title === undefined ? '' : `<dc:title>${escapeXml(document.title)}</dc:title>`;
  const author = document.author === undefined ? '' : `<dc:creator>${escapeXml(document.author)}</dc:creator>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">${title}${author}</cp:coreProperties>`;
}

export function buildDocx(document: DocxDocument): Buffer {
  const hasCore = document.title !== undefined || document.author !== undefined;
  const coreOverride = hasCore
    ? '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
    : '';
  const coreRelationship = hasCore
    ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
    : '';
  const files: Zippable = {
    '[Content_Types].xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>${coreOverride}</Types>`),
    '_rels/.rels': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>${coreRelationship}</Relationships>`),
    'word/document.xml': strToU8(
      document.documentText ??
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="${W}"><w:body>${document.paragraphs.map(paragraphXml).join('')}</w:body></w:document>`,
    ),
  };
  if (hasCore) files['docProps/core.xml'] = strToU8(coreXml(document));
  return Buffer.from(zipSync(files));
}
