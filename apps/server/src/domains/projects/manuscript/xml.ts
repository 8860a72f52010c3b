import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { AppError } from '../../../http/errors.js';

/**
 * An XML element as read from a package file (container.xml, the OPF, an NCX, core.xml): its
 * attributes and text, and its children by local name (namespace prefixes dropped), always lists.
 */
export type XmlElement = Readonly<Record<string, unknown>>;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The five entities of XML and numeric ones, decoded once here (the parser's own entity handling is
 * off, so "&amp;lt;" stays "&lt;" rather than becoming "<").
 */
export function decodeXmlEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[name] ?? whole;
  });
}

/**
 * The document's root element, or PROJECT_IMPORT_CORRUPT when the text is not well-formed XML.
 * A `__proto__` element or attribute is refused too: the parser would make it an object's prototype.
 */
export function parseXml(text: string, rootName: string): XmlElement {
  if (/[<\s:]__proto__\b/.test(text) || XMLValidator.validate(text) !== true) {
    throw new AppError('PROJECT_IMPORT_CORRUPT');
  }
  const document: unknown = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attributesGroupName: 'attrs',
    removeNSPrefix: true,
    isArray: (_name, _path, _isLeaf, isAttribute) => !isAttribute,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    alwaysCreateTextNode: true,
    processEntities: false,
    tagValueProcessor: (_name, value) => decodeXmlEntities(value),
    attributeValueProcessor: (_name, value) => decodeXmlEntities(value),
  }).parse(text);
  const [root] = children(document as XmlElement, rootName);
  if (root === undefined) throw new AppError('PROJECT_IMPORT_CORRUPT');
  return root;
}

/** The element's children of that local name, in document order. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  const value = element?.[name];
  if (!Array.isArray(value)) return [];
  return value.map((child) =>
    typeof child === 'object' && child !== null ? (child as XmlElement) : { '#text': String(child) },
  );
}

/** The first descendant along a path of local names. */
export function descend(element: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = element;
  for (const name of path) current = children(current, name)[0];
  return current;
}

export function attribute(element: XmlElement | undefined, name: string): string | undefined {
  const attributes = element?.attrs;
  if (typeof attributes !== 'object' || attributes === null) return undefined;
  const value: unknown = (attributes as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

/** The element's own text, whitespace collapsed; an empty string when it has none. */
export function textOf(element: XmlElement | undefined): string {
  const value = element?.['#text'];
  return typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\s+/g, ' ').trim() : '';
}
