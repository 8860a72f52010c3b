import { describe, expect, it } from 'vitest';
import { voicesOfModel } from '../../src/engines/sherpa/model-voices.js';
import type { ModelManifest } from '../../src/models/manifest.js';

const manifest = (overrides: Partial<ModelManifest>): ModelManifest => ({
  name: 'model',
  family: 'vits',
  title: 'A model',
  languages: [],
  license: 'Apache-2.0',
  commercialUse: true,
  sizeBytes: 1,
  sha256: '0'.repeat(64),
  checksum: 'recorded',
  source: { kind: 'file', fileName: 'model.tar.bz2' },
  installedAt: '2026-11-25T00:00:00.000Z',
  ...overrides,
});

describe('the voices of an installed model', () => {
  it('names Kitten’s speakers from the catalogue, English, with the gender their names end in', () => {
    const kitten = manifest({
      name: 'kitten-nano-en-v0_1-fp16',
      family: 'kitten',
      voices: { count: 2, names: ['expr-voice-2-m', 'expr-voice-2-f'] },
    });
    expect(voicesOfModel(kitten, {}, 2).map((voice) => [voice.id, voice.name, voice.gender, voice.locale])).toEqual([
      ['kitten-nano-en-v0_1-fp16.expr-voice-2-m', 'Voice 2', 'male', 'en-US'],
      ['kitten-nano-en-v0_1-fp16.expr-voice-2-f', 'Voice 2', 'female', 'en-US'],
    ]);
  });

  it('reads a Piper voice’s locale from its published name, and its language from eSpeak’s voice otherwise', () => {
    const thorsten = voicesOfModel(manifest({ name: 'vits-piper-de_DE-thorsten-medium' }), { voice: 'de' }, 1);
    expect(thorsten.map((voice) => [voice.name, voice.language, voice.locale])).toEqual([['Thorsten', 'de', 'de-DE']]);
    const mandarin = voicesOfModel(manifest({ name: 'my-voice', title: 'My voice' }), { voice: 'cmn' }, 2);
    expect(mandarin.map((voice) => [voice.id, voice.name, voice.language])).toEqual([
      ['my-voice.0', 'My voice 1', 'zh'],
      ['my-voice.1', 'My voice 2', 'zh'],
    ]);
  });
});
