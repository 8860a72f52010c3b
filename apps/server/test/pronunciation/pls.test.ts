import { describe, expect, it } from 'vitest';
import { PlsError, readPls, writePls } from '../../src/domains/pronunciation/pls.js';

const LEXICON = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" alphabet="ipa" xml:lang="en-US">
  <lexeme>
    <grapheme>BTW</grapheme>
    <grapheme>btw</grapheme>
    <alias>by the way</alias>
  </lexeme>
  <lexeme>
    <grapheme>tomato</grapheme>
    <phoneme>təˈmɑːtoʊ</phoneme>
  </lexeme>
  <lexeme>
    <grapheme>Sayso</grapheme>
    <phoneme alphabet="x-cmu">S EY1 S OW0</phoneme>
    <alias>say so</alias>
  </lexeme>
  <lexeme>
    <grapheme>R&amp;D</grapheme>
    <alias>research &amp; development</alias>
  </lexeme>
</lexicon>`;

const matching = { case_sensitive: true, word_boundaries: true };

describe('W3C PLS files', () => {
  it('reads each grapheme of a lexeme as a rule, with the lexicon or the phoneme’s own alphabet', () => {
    expect(readPls(LEXICON)).toEqual([
      { type: 'alias', string_to_replace: 'BTW', alias: 'by the way', ...matching },
      { type: 'alias', string_to_replace: 'btw', alias: 'by the way', ...matching },
      { type: 'phoneme', string_to_replace: 'tomato', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa', alias: null, ...matching },
      {
        type: 'phoneme',
        string_to_replace: 'Sayso',
        phoneme: 'S EY1 S OW0',
        alphabet: 'cmu-arpabet',
        alias: 'say so',
        ...matching,
      },
      { type: 'alias', string_to_replace: 'R&D', alias: 'research & development', ...matching },
    ]);
  });

  it('writes rules that read back the same', () => {
    const rules = readPls(LEXICON);
    const written = writePls(rules);
    expect(written).toContain('<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon"');
    expect(written).toContain('<phoneme alphabet="x-cmu">S EY1 S OW0</phoneme>');
    expect(written).toContain('<grapheme>R&amp;D</grapheme>');
    expect(readPls(written)).toEqual(rules);
  });

  it('refuses files it cannot read, saying why', () => {
    const lexicon = (body: string, alphabet = 'ipa') =>
      `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="${alphabet}">${body}</lexicon>`;
    const cases: [string, RegExp][] = [
      ['not xml at all <', /not well-formed XML/],
      ['<speak>hello</speak>', /no <lexicon> root element/],
      [lexicon('<lexeme><alias>x</alias></lexeme>'), /lexeme 1 has no grapheme/],
      [lexicon('<lexeme><grapheme>x</grapheme></lexeme>'), /neither an alias nor a phoneme/],
      [lexicon('<lexeme><grapheme>x</grapheme><phoneme>ks</phoneme></lexeme>', 'x-sampa'), /alphabet "x-sampa"/],
      ['<lexicon><lexeme><grapheme>x</grapheme><phoneme>ks</phoneme></lexeme></lexicon>', /names no alphabet/],
      ['<lexicon><__proto__>x</__proto__></lexicon>', /not well-formed XML/],
    ];
    for (const [text, message] of cases) {
      expect(() => readPls(text)).toThrow(PlsError);
      expect(() => readPls(text)).toThrow(message);
    }
  });
});
