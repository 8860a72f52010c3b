import { describe, expect, it } from 'vitest';
import { CATALOGUE, findCatalogueEntry } from '../../src/models/catalogue.js';

describe('the catalogue’s licences', () => {
  it('marks Pocket TTS’s ONNX export non-commercial, and says cloning needs the speaker’s consent', () => {
    const pocket = CATALOGUE.find((entry) => entry.family === 'pocket');
    expect(pocket?.commercialUse).toBe(false);
    expect(pocket?.licenseNote).toMatch(/non-commercial/);
    expect(pocket?.licenseNote).toMatch(/consent/);
  });

  it('does not call the Piper voices fine-tuned from lessac safe to sell, as lessac is not', () => {
    expect(findCatalogueEntry('vits-piper-en_US-lessac-medium')?.commercialUse).toBe(false);
    for (const voice of ['en_US-libritts_r', 'de_DE-thorsten', 'fr_FR-siwis', 'es_ES-davefx']) {
      const entry = findCatalogueEntry(`vits-piper-${voice}-medium`);
      expect(entry?.commercialUse, voice).toBe(false);
      expect(entry?.licenseNote, voice).toMatch(/lessac/);
    }
  });

  it('gives every model not plainly safe to sell a note that says why', () => {
    const unexplained = CATALOGUE.filter((entry) => entry.commercialUse !== true && !entry.licenseNote);
    expect(unexplained.map((entry) => entry.name)).toEqual([]);
  });

  it('lists no archive the publisher no longer builds (nl_NL-mls-medium)', () => {
    expect(findCatalogueEntry('vits-piper-nl_NL-mls-medium')).toBeUndefined();
    expect(CATALOGUE.filter((entry) => entry.languages.includes('nl')).map((entry) => entry.name)).toEqual([
      'vits-piper-nl_NL-alex-medium',
    ]);
  });
});
