import { describe, expect, it } from 'vitest';
import { previewTextFor } from '../../src/domains/speech/preview-texts.js';
import { ESPEAK_LANGUAGES } from '../../src/engines/espeak/voices.js';

describe('preset voice previews', () => {
  it('give every language of the preset catalogue a line of its own', () => {
    const english = previewTextFor('en');
    const withoutOwnLine = ESPEAK_LANGUAGES.filter((code) => code !== 'en' && previewTextFor(code) === english);
    expect(withoutOwnLine).toEqual([]);
  });

  it('read a locale by its language and fall back to English for an unknown one', () => {
    expect(previewTextFor('fr-BE')).toBe(previewTextFor('fr'));
    expect(previewTextFor('xx')).toBe(previewTextFor('en'));
    expect(previewTextFor(null)).toBe(previewTextFor('en'));
  });
});
