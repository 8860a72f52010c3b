import type { PronunciationDictionary } from '@sayso/contract/pronunciation';
import type { TaskView } from '@sayso/contract/speech';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

const VOICE = 'espeak-en-us-m1';
const TEXT = 'Please reply ASAP.';

async function studioApp() {
  const app = await buildTestApp({ engines: [createEspeakEngine()] });
  onTestFinished(() => app.close());
  const user = await signedInUser(app);
  return { app, ...user };
}

async function dictionary(app: FastifyInstance, cookie: string, rules: object[]): Promise<PronunciationDictionary> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/pronunciation/dictionaries',
    headers: { origin: ORIGIN, cookie },
    payload: { name: 'Studio words', rules },
  });
  if (response.statusCode !== 201) throw new Error(`creating a dictionary failed: ${response.body}`);
  return response.json() as PronunciationDictionary;
}

function submit(app: FastifyInstance, cookie: string, studio: 'preset' | 'clone', text: string, ids?: string[]) {
  const dictionaries = ids ? { pronunciation_dictionary_ids: ids } : {};
  return app.inject({
    method: 'POST',
    url: studio === 'preset' ? '/api/elevenlabs/tts' : '/api/tts',
    headers: { origin: ORIGIN, cookie },
    payload:
      studio === 'preset'
        ? { text, voice_id: VOICE, model_id: 'espeak-ng', ...dictionaries }
        : { text, voice_setting: { voice_id: VOICE, vol: 1, pitch: 0, speed: 1 }, ...dictionaries },
  });
}

async function spoken(app: FastifyInstance, cookie: string, studio: 'preset' | 'clone', text: string, ids?: string[]) {
  const response = await submit(app, cookie, studio, text, ids);
  if (response.statusCode !== 200) throw new Error(`submission failed: ${response.body}`);
  const taskId = (response.json() as { task_id: string }).task_id;
  await waitForTask(app, taskId, cookie);
  const view = await app.inject({ method: 'GET', url: `/api/elevenlabs/task/${taskId}`, headers: { cookie } });
  return view.json() as TaskView;
}

describe('pronunciation dictionaries in the studios', () => {
  for (const studio of ['preset', 'clone'] as const) {
    it(`the ${studio} studio speaks a chosen dictionary’s alias, and charges for the text as typed`, async () => {
      const { app, cookie, userId } = await studioApp();
      const words = await dictionary(app, cookie, [
        { type: 'alias', string_to_replace: 'ASAP', alias: 'as soon as possible, with no delay at all' },
      ]);
      const start = await creditsOf(app.db, userId);
      const plain = await spoken(app, cookie, studio, TEXT);
      const before = await creditsOf(app.db, userId);
      const ruled = await spoken(app, cookie, studio, TEXT, [words.id]);
      expect(ruled.status).toBe('done');
      expect(ruled.input).toBe('Please reply as soon as possible, with no delay at all.');
      expect(ruled.result?.duration_ms ?? 0).toBeGreaterThan((plain.result?.duration_ms ?? 0) * 1.5);
      // The same charge as without the dictionary (none for the clone studio's free demo voices).
      expect(before - (await creditsOf(app.db, userId))).toBe(start - before);
      if (studio === 'preset') expect(start - before).toBe(TEXT.length);
    }, 60_000);
  }

  it('gives eSpeak a phoneme rule as phonemes', async () => {
    const { app, cookie } = await studioApp();
    const words = await dictionary(app, cookie, [
      { type: 'phoneme', string_to_replace: 'Xylo', phoneme: 'həlˈoʊ', alphabet: 'ipa' },
    ]);
    const ruled = await spoken(app, cookie, 'preset', 'Xylo.', [words.id]);
    const hello = await spoken(app, cookie, 'preset', 'hello.');
    expect(ruled.input).toBe("[[h@l'oU]].");
    expect(ruled.result?.duration_ms).toBe(hello.result?.duration_ms);
  }, 60_000);

  it('refuses unknown, foreign and too many dictionaries before anything is held', async () => {
    const { app, cookie, userId } = await studioApp();
    const other = await signedInUser(app);
    const theirs = await dictionary(app, other.cookie, [{ type: 'alias', string_to_replace: 'a', alias: 'b' }]);
    const before = await creditsOf(app.db, userId);
    for (const studio of ['preset', 'clone'] as const) {
      const unknown = await submit(app, cookie, studio, TEXT, ['missing']);
      expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'PRONUNCIATION_DICTIONARY_NOT_FOUND']);
      const foreign = await submit(app, cookie, studio, TEXT, [theirs.id]);
      expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'PRONUNCIATION_DICTIONARY_NOT_FOUND']);
      const tooMany = await submit(app, cookie, studio, TEXT, ['a', 'b', 'c', 'd']);
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error).toMatch(/at most 3 pronunciation dictionaries/);
    }
    expect(await creditsOf(app.db, userId)).toBe(before);
  }, 60_000);
});
