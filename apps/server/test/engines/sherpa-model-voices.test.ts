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

  it('gives each Kokoro language eSpeak’s voice file name, keeps the ISO language for display, and says the Japanese voices’ limit', () => {
    const kokoro = manifest({ name: 'kokoro-multi-lang-v1_0', family: 'kokoro', title: 'Kokoro' });
    const speakers = [
      'af_heart',
      'bf_emma',
      'ef_dora',
      'ff_siwis',
      'hf_alpha',
      'if_sara',
      'jf_alpha',
      'pf_dora',
      'zf_xiaobei',
    ];
    const voices = voicesOfModel(kokoro, { speaker_names: speakers.join(',') }, speakers.length);
    expect(voices.map((voice) => [voice.name, voice.language, voice.locale, voice.espeakLang])).toEqual([
      ['Heart', 'en', 'en-US', 'en-us'],
      ['Emma', 'en', 'en-GB', 'en'],
      ['Dora', 'es', 'es-ES', 'es'],
      ['Siwis', 'fr', 'fr-FR', 'fr'],
      ['Alpha', 'hi', 'hi-IN', 'hi'],
      ['Sara', 'it', 'it-IT', 'it'],
      ['Alpha', 'ja', 'ja-JP', 'ja'],
      ['Dora', 'pt', 'pt-BR', 'pt-br'],
      ['Xiaobei', 'zh', 'zh-CN', 'cmn'],
    ]);
    expect(voices.find((voice) => voice.id.endsWith('jf_alpha'))?.description).toBe(
      'Alpha: a female japanese voice of Kokoro (Japanese in kana only; kanji are read as Chinese).',
    );
  });
});
