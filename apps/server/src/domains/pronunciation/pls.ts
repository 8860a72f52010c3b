import type { PhonemeAlphabet, PronunciationRule } from '@sayso/contract/pronunciation';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * W3C Pronunciation Lexicon Specification (PLS 1.0) files: read into rules, written from them.
 * A lexeme names one or more graphemes and says them by an alias, by phonemes, or both; each
 * grapheme becomes one rule (a phoneme rule keeps the alias as its fallback). PLS matches whole
 * tokens as written, so imported rules are case-sensitive and whole-word.
 */

const PLS_NAMESPACE = 'http://www.w3.org/2005/01/pronunciation-lexicon';

/** Why a file is not a PLS lexicon we can read; the caller turns it into a 400. */
export class PlsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PlsError';
  }
}

/** The alphabets PLS files name, as our two: IPA, and CMU Arpabet ("x-cmu", ElevenLabs' "cmu-arpabet"). */
function alphabetOf(name: string | undefined, where: string): PhonemeAlphabet {
  const normalised = name?.trim().toLowerCase();
  if (normalised === 'ipa') return 'ipa';
  if (normalised === 'x-cmu' || normalised === 'cmu-arpabet' || normalised === 'x-arpabet') return 'cmu-arpabet';
  throw new PlsError(
    name === undefined
      ? `${where} names no alphabet (use alphabet="ipa" or alphabet="x-cmu")`
      : `${where} uses the alphabet "${name}"; only "ipa" and "x-cmu" are read`,
  );
}

type Element = Record<string, unknown>;

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five entities and numeric references; the parser's own entity handling stays off. */
const decodeEntities = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return XML_ENTITIES[name] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });

function parse(text: string): Element {
  // A __proto__ element or attribute would become an object's prototype in the parsed tree.
  if (/[<\s:]__proto__\b/.test(text)) throw new PlsError('the file is not well-formed XML');
  const valid = XMLValidator.validate(text);
  if (valid !== true) throw new PlsError(`the file is not well-formed XML (line ${valid.err.line}: ${valid.err.msg})`);
  return new XMLParser({
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
    tagValueProcessor: (_name, value) => decodeEntities(value),
    attributeValueProcessor: (_name, value) => decodeEntities(value),
  }).parse(text) as Element;
}

function childrenOf(element: Element | undefined, name: string): Element[] {
  const value = element?.[name];
  return Array.isArray(value)
    ? value.filter((child): child is Element => typeof child === 'object' && child !== null)
    : [];
}

function attributeOf(element: Element, name: string): string | undefined {
  const attributes = element.attrs;
  if (typeof attributes !== 'object' || attributes === null) return undefined;
  const value: unknown = (attributes as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

function textOf(element: Element | undefined): string {
  const value = element?.['#text'];
  return typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '';
}

/** A PLS document's lexemes as rules, in document order. */
export function readPls(text: string): PronunciationRule[] {
  const [lexicon] = childrenOf(parse(text), 'lexicon');
  if (!lexicon) throw new PlsError('the file has no <lexicon> root element');
  const lexiconAlphabet = attributeOf(lexicon, 'alphabet');
  const rules: PronunciationRule[] = [];
  for (const [index, lexeme] of childrenOf(lexicon, 'lexeme').entries()) {
    const where = `lexeme ${index + 1}`;
    const graphemes = childrenOf(lexeme, 'grapheme').map(textOf).filter(Boolean);
    if (graphemes.length === 0) throw new PlsError(`${where} has no grapheme`);
    const alias = textOf(childrenOf(lexeme, 'alias')[0]) || null;
    const phonemeElement = childrenOf(lexeme, 'phoneme')[0];
    const phoneme = textOf(phonemeElement);
    if (!alias && !phoneme) throw new PlsError(`${where} ("${graphemes[0]}") has neither an alias nor a phoneme`);
    for (const grapheme of graphemes) {
      const matching = { string_to_replace: grapheme, case_sensitive: true, word_boundaries: true };
      if (phonemeElement && phoneme) {
        const alphabet = alphabetOf(attributeOf(phonemeElement, 'alphabet') ?? lexiconAlphabet, where);
        rules.push({ type: 'phoneme', ...matching, phoneme, alphabet, alias });
      } else if (alias) {
        rules.push({ type: 'alias', ...matching, alias });
      }
    }
  }
  return rules;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The PLS alphabet name of ours: "x-cmu" for Arpabet, as PLS reserves x- names for others. */
const plsAlphabet = (alphabet: PhonemeAlphabet) => (alphabet === 'ipa' ? 'ipa' : 'x-cmu');

/**
 * Rules as a PLS 1.0 document: one lexeme per rule. The lexicon's alphabet is IPA; a phoneme in
 * Arpabet says so on its own element. Case and whole-word options have no place in PLS and are
 * left out (a reader takes them as PLS does: exact, whole tokens).
 */
export function writePls(rules: PronunciationRule[], language = 'en-US'): string {
  const lexemes = rules.map((rule) => {
    const lines = [`    <grapheme>${escapeXml(rule.string_to_replace)}</grapheme>`];
    if (rule.type === 'phoneme') {
      const attribute = rule.alphabet === 'ipa' ? '' : ` alphabet="${plsAlphabet(rule.alphabet)}"`;
      lines.push(`    <phoneme${attribute}>${escapeXml(rule.phoneme)}</phoneme>`);
    }
    if (rule.alias) lines.push(`    <alias>${escapeXml(rule.alias)}</alias>`);
    return `  <lexeme>\n${lines.join('\n')}\n  </lexeme>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<lexicon version="1.0" xmlns="${PLS_NAMESPACE}" alphabet="ipa" xml:lang="${escapeXml(language)}">`,
    ...lexemes,
    '</lexicon>',
    '',
  ].join('\n');
}
