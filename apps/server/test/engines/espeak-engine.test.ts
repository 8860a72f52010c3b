import { CLONE_LANGUAGE_TAGS } from '@sayso/contract/languages';
import ESpeakNg from 'espeak-ng';
import { describe, expect, it } from 'vitest';
import { cloneLanguage } from '../../src/engines/espeak/clone.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { espeakCatalog, espeakVoiceName } from '../../src/engines/espeak/voices.js';
import type { SpeechEngineV1, SynthesisResult } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';
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
const SPOKEN_LANGUAGES = CLONE_LANGUAGE_TAGS.filter((tag) => tag !== 'filipino' && tag !== 'nynorsk');

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

describe('eSpeak speaking several sentences in one run', () => {
  const request = { voiceId: 'espeak-en-us-f2', modelId: null, speed: 1, pitch: 0, volume: 1, language: null };
  const texts = ['The first one is short.', 'A second, longer sentence, with two commas in it.', 'Three & <four>?'];
  const seconds = (result: SynthesisResult) =>
    result.audio.format === 'pcm16' ? result.audio.samples.length / result.audio.sampleRate : Number.NaN;

  it('answers each sentence apart, each about as long as the sentence spoken alone', async () => {
    const engine = createEspeakEngine();
    // Speaking them one by one is the fallback when the breaks cannot be found: it must not be needed.
    const speakAlone = engine.synthesize;
    let alone = 0;
    engine.synthesize = (single) => {
      alone += 1;
      return speakAlone.call(engine, single);
    };
    const together = await engine.synthesizeEach?.(texts, request);
    expect(together).toHaveLength(3);
    expect(alone).toBe(0);
    for (const [index, text] of texts.entries()) {
      const alone = await engine.synthesize({ ...request, text });
      const piece = together?.[index];
      if (!piece) throw new Error(`no piece ${index}`);
      // The pieces lose the long breaks between them; what is left is the sentence and its own pauses.
      expect(seconds(piece)).toBeGreaterThan(seconds(alone) * 0.6);
      expect(seconds(piece)).toBeLessThan(seconds(alone) * 1.4);
    }
  });

  it('speaks a task’s sentences in one run per batch, and still times and keeps every sentence', async () => {
    const espeak = createEspeakEngine();
    let runs = 0;
    const engine: SpeechEngineV1 = {
      ...espeak,
      async synthesizeEach(many, base) {
        runs += 1;
        return (await espeak.synthesizeEach?.(many, base)) ?? [];
      },
    };
    const app = await buildTestApp({ engines: [engine] });
    const user = await signedInUser(app);
    const text = 'One. Two is here. Three follows. Four, then. Five ends it.';
    const response = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { text, voice_id: 'espeak-en-us-f2', model_id: 'espeak-ng', speed: 1, pitch: 0, volume: 1 },
    });
    const task = await waitForTask(app, (response.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    expect(runs).toBe(1);
    const takes = await app.db.selectFrom('sentence_takes').select(['position', 'text']).orderBy('position').execute();
    expect(takes.map((take) => take.text)).toEqual([
      'One.',
      'Two is here.',
      'Three follows.',
      'Four, then.',
      'Five ends it.',
    ]);
  });
});
