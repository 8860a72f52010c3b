import { describe, expect, it } from 'vitest';
import { recommendedModels } from '../../src/domains/models/recommended.js';
import { CATALOGUE, type CatalogueEntry } from '../../src/models/catalogue.js';

const names = (choice: ReturnType<typeof recommendedModels>) => choice.models.map((model) => model.entry.name);
const kokoroLanguages = CATALOGUE.find((entry) => entry.name === 'kokoro-multi-lang-v1_0')?.languages ?? [];

describe('recommended voices', () => {
  it('covers English with Kokoro, German with a Piper voice, and adds the denoiser', () => {
    const choice = recommendedModels(['en', 'de-DE'], CATALOGUE, { cloning: false });
    expect(names(choice)).toEqual(['kokoro-multi-lang-v1_0', 'vits-piper-de_DE-thorsten-medium', 'gtcrn_simple']);
    expect(choice.models[0]?.covers).toEqual(['en']);
    expect(choice.models[1]?.covers).toEqual(['de']);
    expect(choice.uncovered).toEqual([]);
  });

  it('gives Kokoro every asked-for language its catalogue entry lists, and no Piper voice for them', () => {
    expect(kokoroLanguages).toEqual(expect.arrayContaining(['en', 'zh']));
    const choice = recommendedModels(kokoroLanguages, CATALOGUE, { cloning: false });
    expect(names(choice)).toEqual(['kokoro-multi-lang-v1_0', 'gtcrn_simple']);
    expect(choice.models[0]?.covers).toEqual(kokoroLanguages);
  });

  it('adds Pocket TTS only when cloning is asked for', () => {
    const pocket = CATALOGUE.find((entry) => entry.family === 'pocket')?.name;
    expect(names(recommendedModels(['en'], CATALOGUE, { cloning: true }))).toContain(pocket);
    expect(names(recommendedModels(['en'], CATALOGUE, { cloning: false }))).not.toContain(pocket);
  });

  it('names the languages no catalogue voice speaks, and ignores what is not a language tag', () => {
    const choice = recommendedModels(['sw', 'SW-ke', '', '42', 'fr_FR'], CATALOGUE, { cloning: false });
    expect(choice.uncovered).toEqual(['sw']);
    expect(names(choice)).toEqual(['vits-piper-fr_FR-siwis-medium', 'gtcrn_simple']);
  });

  it('prefers a Piper voice whose licence allows selling, then the better quality', () => {
    const voice = (name: string, commercialUse: boolean | null): CatalogueEntry => ({
      name: `vits-piper-${name}`,
      family: 'vits',
      title: name,
      url: `https://example.test/${name}.tar.bz2`,
      sizeBytes: 1,
      license: 'x',
      commercialUse,
      languages: ['nl'],
      voices: { count: 1, names: [] },
      sampleRate: 22_050,
      sha256: null,
    });
    const catalogue = [voice('nl_NL-a-high', false), voice('nl_NL-b-low', true), voice('nl_NL-c-medium', true)];
    expect(names(recommendedModels(['nl'], catalogue, { cloning: false }))).toEqual(['vits-piper-nl_NL-c-medium']);
  });
});
