import ESpeakNg from 'espeak-ng';
import { describe, expect, it } from 'vitest';
import { runEspeak } from '../../src/engines/espeak/run.js';
import { arpabetToIpa, ipaToEspeak, phonemeProblem } from '../../src/domains/pronunciation/phonemes.js';

/** What eSpeak NG's command line prints for `args` (its phoneme listings), one run. */
async function espeakPrints(args: string[], text: string): Promise<string> {
  let printed = '';
  await ESpeakNg({
    arguments: [...args, text],
    print: (line: string) => {
      printed += `${line}\n`;
    },
    printErr: () => {},
  });
  return printed.trim();
}

/** Words covering every English vowel, diphthong and consonant of the table (no flapped t). */
const WORDS =
  'hello father cat bought cut bit beat put boot bet bait bite boy bout boat bird thin this ship measure church judge sing red yes';

describe('phoneme spellings', () => {
  it('turns the IPA eSpeak gives for English words into the mnemonics eSpeak itself uses', async () => {
    const ipa = await espeakPrints(['-q', '--ipa', '-v', 'en-us'], WORDS);
    const mnemonics = await espeakPrints(['-q', '-x', '-v', 'en-us'], WORDS);
    const ipaWords = ipa.split(/\s+/);
    const mnemonicWords = mnemonics.split(/\s+/);
    expect(ipaWords).toHaveLength(mnemonicWords.length);
    expect(ipaWords.map(ipaToEspeak)).toEqual(mnemonicWords);
  });

  it('reads CMU Arpabet with stress digits as IPA, stress marked before the vowel', () => {
    expect(arpabetToIpa('HH AH0 L OW1')).toBe('həlˈoʊ');
    expect(arpabetToIpa('T AH0 M EY1 T OW2')).toBe('təmˈeɪtˌoʊ');
    expect(arpabetToIpa('b er1 d')).toBe('bˈɝd');
    expect(arpabetToIpa('S IH1 NG ER0')).toBe('sˈɪŋɚ');
    expect(ipaToEspeak(arpabetToIpa('HH AH0 L OW1'))).toBe("h@l'oU");
  });

  it('names what it cannot read', () => {
    expect(phonemeProblem('HH AH0 QQ OW1', 'cmu-arpabet')).toBe('not CMU Arpabet: QQ');
    expect(phonemeProblem('bɔ̃ʒuʁ', 'ipa')).toMatch(/IPA symbols eSpeak cannot be given: .*ʁ/);
    expect(phonemeProblem('həlˈoʊ', 'ipa')).toBeNull();
  });

  it('speaks converted phonemes exactly as eSpeak speaks the word they spell', async () => {
    const word = await runEspeak(['-v', 'en-us'], 'hello');
    const fromIpa = await runEspeak(['-v', 'en-us'], `[[${ipaToEspeak('həlˈoʊ')}]]`);
    const fromArpabet = await runEspeak(['-v', 'en-us'], `[[${ipaToEspeak(arpabetToIpa('HH AH0 L OW1'))}]]`);
    expect(fromIpa.samples).toEqual(word.samples);
    expect(fromArpabet.samples).toEqual(word.samples);
    // Other phonemes give other audio: the phonemes, not the word, decide what is said.
    const other = await runEspeak(['-v', 'en-us'], `[[${ipaToEspeak('ɡʊdbˈaɪ')}]]`);
    expect(other.samples).not.toEqual(word.samples);
  });
});
