import ESpeakNg from 'espeak-ng';
import { describe, expect, it } from 'vitest';
import { cloneLanguage } from '../../src/engines/espeak/clone.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { espeakCatalog, espeakVoiceName } from '../../src/engines/espeak/voices.js';
import { describeEngineContract } from './engine-contract.js';

describeEngineContract('espeak (eSpeak NG, WebAssembly)', {
  create: async () => createEspeakEngine(),
  voiceId: 'espeak-en-us-m3',
});

const FIRST_CATALOGUE = [
  'espeak-en-us-f2',
  'espeak-en-us-m3',
  'espeak-en-us-m1',
  'espeak-en-gb-f1',
  'espeak-en-gb-m3',
  'espeak-en-sc-m2',
  'espeak-fr-f1',
  'espeak-de-m1',
  'espeak-es-f2',
  'espeak-es-419-m3',
  'espeak-pt-br-f1',
  'espeak-hi-m1',
];

/** The clone screen's languages (spec section 2) that eSpeak NG speaks; Filipino and Nynorsk borrow others. */
const SPOKEN_LANGUAGES = [
  'english',
  'vietnamese',
  'arabic',
  'cantonese',
  'chinese',
  'dutch',
  'french',
  'german',
  'indonesian',
  'italian',
  'japanese',
  'korean',
  'portuguese',
  'russian',
  'spanish',
  'turkish',
  'ukrainian',
  'thai',
  'polish',
  'romanian',
  'greek',
  'czech',
  'finnish',
  'hindi',
  'bulgarian',
  'danish',
  'hebrew',
  'malay',
  'persian',
  'slovak',
  'swedish',
  'croatian',
  'hungarian',
  'norwegian',
  'slovenian',
  'catalan',
  'tamil',
  'afrikaans',
];

describe('the eSpeak preset catalogue', () => {
  const catalogue = espeakCatalog();

  it('keeps the first twelve voice ids, which users may have saved as preferred voices', () => {
    const ids = catalogue.map((voice) => voice.id);
    for (const id of FIRST_CATALOGUE) expect(ids).toContain(id);
  });

  it('offers a female and a male voice in every clone-screen language eSpeak speaks', () => {
    for (const language of SPOKEN_LANGUAGES) {
      // Any accent of the language counts: a French voice of Belgium speaks French too.
      const primary = cloneLanguage(language).split('-')[0];
      const voices = catalogue.filter((voice) => espeakVoiceName(voice.id)?.split(/[+-]/)[0] === primary);
      expect(voices.map((voice) => voice.gender).sort(), language).toEqual(expect.arrayContaining(['female', 'male']));
    }
  });

  it('lists every accent of a language with several, as verified_languages', () => {
    const locales = (id: string) =>
      catalogue.find((voice) => voice.id === id)?.verifiedLanguages.map((entry) => entry.locale);
    expect(locales('espeak-en-us-f2')).toEqual(expect.arrayContaining(['en-US', 'en-GB']));
    expect(locales('espeak-pt-br-f1')).toEqual(expect.arrayContaining(['pt-BR', 'pt-PT']));
    expect(locales('espeak-es-f2')).toEqual(expect.arrayContaining(['es-ES', 'es-419']));
    expect(locales('espeak-fr-f1')).toEqual(expect.arrayContaining(['fr-FR', 'fr-BE']));
    expect(locales('espeak-ja-f2')).toEqual([]);
  });

  it('names only voices and variants that eSpeak NG has', async () => {
    const listed: string[] = [];
    await ESpeakNg({ arguments: ['--voices'], print: (line) => listed.push(line), printErr: () => {} });
    // A voice is known by its name (column 2) or by its file's name (column 5: roa/fr).
    const languages = new Set(
      listed.slice(1).flatMap((line) => {
        const columns = line.trim().split(/\s+/);
        return [columns[1], columns[4]?.split('/').at(-1)?.toLowerCase()];
      }),
    );
    const variants: string[] = [];
    await ESpeakNg({ arguments: ['--voices=variant'], print: (line) => variants.push(line), printErr: () => {} });
    const variantNames = new Set(variants.map((line) => /!v\/(\S+)/.exec(line)?.[1]));
    for (const voice of catalogue) {
      const [language, variant] = (espeakVoiceName(voice.id) ?? '').split('+');
      expect(languages, voice.id).toContain(language);
      expect(variantNames, voice.id).toContain(variant);
    }
  });

  it('speaks with a voice added to the catalogue', async () => {
    const spoken = await createEspeakEngine().synthesize({
      text: 'こんにちは',
      voiceId: 'espeak-ja-f2',
      modelId: null,
      speed: 1,
      pitch: 0,
      volume: 1,
      language: null,
    });
    expect(spoken.audio.format === 'pcm16' && spoken.audio.samples.length).toBeGreaterThan(2_000);
  });
});
