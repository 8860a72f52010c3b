import type { PronunciationDictionary } from '@sayso/contract/pronunciation';
import type { FastifyInstance } from 'fastify';
import { expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

function call(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
}

const PLS = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>GIF</grapheme><phoneme>dʒɪf</phoneme><alias>jif</alias></lexeme>
  <lexeme><grapheme>k8s</grapheme><alias>kubernetes</alias></lexeme>
</lexicon>`;

describeOnEachDatabase('Pronunciation dictionaries in the web app', (target) => {
  async function appOnTarget() {
    const { database, cleanup } = await target.openMigrated();
    onTestFinished(cleanup);
    const app = await buildTestApp({ override: (config) => ({ ...config, database }) });
    onTestFinished(() => app.close());
    return app;
  }

  it('creates a dictionary from rules, changes its rules as a new version and deletes it', async () => {
    const app = await appOnTarget();
    const { cookie } = await signedInUser(app);
    const created = await call(app, cookie, 'POST', '/api/pronunciation/dictionaries', {
      name: 'Brands',
      rules: [
        { type: 'alias', string_to_replace: 'Sayso', alias: 'say so' },
        { type: 'phoneme', string_to_replace: 'tomato', phoneme: 'T AH0 M EY1 T OW2', alphabet: 'cmu-arpabet' },
      ],
    });
    expect(created.statusCode).toBe(201);
    const dictionary = created.json() as PronunciationDictionary;
    expect(dictionary).toMatchObject({ name: 'Brands', description: null });
    expect(dictionary.rules).toEqual([
      { type: 'alias', string_to_replace: 'Sayso', alias: 'say so', case_sensitive: true, word_boundaries: true },
      {
        type: 'phoneme',
        string_to_replace: 'tomato',
        phoneme: 'T AH0 M EY1 T OW2',
        alphabet: 'cmu-arpabet',
        case_sensitive: true,
        word_boundaries: true,
      },
    ]);

    const replaced = await call(app, cookie, 'PUT', `/api/pronunciation/dictionaries/${dictionary.id}/rules`, {
      rules: [{ type: 'alias', string_to_replace: 'SQL', alias: 'sequel', case_sensitive: false }],
    });
    expect(replaced.statusCode).toBe(200);
    const next = replaced.json() as PronunciationDictionary;
    expect(next.version_id).not.toBe(dictionary.version_id);
    expect(next.rules.map((rule) => rule.string_to_replace)).toEqual(['SQL']);

    const list = await call(app, cookie, 'GET', '/api/pronunciation/dictionaries');
    expect((list.json() as { dictionaries: PronunciationDictionary[] }).dictionaries).toEqual([next]);

    expect((await call(app, cookie, 'DELETE', `/api/pronunciation/dictionaries/${dictionary.id}`)).statusCode).toBe(
      204,
    );
    const gone = await call(app, cookie, 'GET', `/api/pronunciation/dictionaries/${dictionary.id}`);
    expect([gone.statusCode, gone.json().code]).toEqual([404, 'PRONUNCIATION_DICTIONARY_NOT_FOUND']);
  });

  it('imports a PLS file and exports it again', async () => {
    const app = await appOnTarget();
    const { cookie } = await signedInUser(app);
    const imported = await call(app, cookie, 'POST', '/api/pronunciation/dictionaries/import', {
      name: 'Tech',
      pls: PLS,
    });
    expect(imported.statusCode).toBe(201);
    const dictionary = imported.json() as PronunciationDictionary;
    expect(dictionary.rules).toEqual([
      {
        type: 'phoneme',
        string_to_replace: 'GIF',
        phoneme: 'dʒɪf',
        alphabet: 'ipa',
        alias: 'jif',
        case_sensitive: true,
        word_boundaries: true,
      },
      { type: 'alias', string_to_replace: 'k8s', alias: 'kubernetes', case_sensitive: true, word_boundaries: true },
    ]);
    const exported = await call(app, cookie, 'GET', `/api/pronunciation/dictionaries/${dictionary.id}/pls`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('application/pls+xml; charset=utf-8');
    expect(exported.body).toContain('<grapheme>GIF</grapheme>');
    expect(exported.body).toContain('<phoneme>dʒɪf</phoneme>');
    expect(exported.body).toContain('<alias>kubernetes</alias>');
  });

  it('refuses bad input with a clear 4xx and its code, and stores nothing', async () => {
    const app = await appOnTarget();
    const { cookie } = await signedInUser(app);
    const cases: [string, object, number, string, RegExp][] = [
      ['/api/pronunciation/dictionaries', { name: '', rules: [] }, 400, 'VALIDATION_FAILED', /name must not be empty/],
      [
        '/api/pronunciation/dictionaries',
        { name: 'x', rules: [{ type: 'alias', string_to_replace: 'a' }] },
        400,
        'VALIDATION_FAILED',
        /alias is required/,
      ],
      [
        '/api/pronunciation/dictionaries',
        { name: 'x', rules: [{ type: 'phoneme', string_to_replace: 'a', phoneme: 'ks', alphabet: 'sampa' }] },
        400,
        'VALIDATION_FAILED',
        /alphabet must be "ipa" or "cmu-arpabet"/,
      ],
      [
        '/api/pronunciation/dictionaries',
        { name: 'x', rules: [{ type: 'phoneme', string_to_replace: 'Paris', phoneme: 'paʁi', alphabet: 'ipa' }] },
        400,
        'PRONUNCIATION_PHONEME_UNREADABLE',
        /The phonemes for "Paris" cannot be read: IPA symbols eSpeak cannot be given: ʁ\./,
      ],
      [
        '/api/pronunciation/dictionaries',
        {
          name: 'x',
          rules: Array.from({ length: 1001 }, (_, i) => ({ type: 'alias', string_to_replace: `w${i}`, alias: 'x' })),
        },
        400,
        'VALIDATION_FAILED',
        /at most 1000 rules/,
      ],
      [
        '/api/pronunciation/dictionaries/import',
        { name: 'x', pls: '<lexicon alphabet="ipa"><lexeme><grapheme>a</grapheme></lexeme></lexicon>' },
        400,
        'PLS_UNREADABLE',
        /The PLS file cannot be read: lexeme 1 \("a"\) has neither an alias nor a phoneme\./,
      ],
    ];
    for (const [url, body, status, code, message] of cases) {
      const response = await call(app, cookie, 'POST', url, body);
      expect([response.statusCode, response.json().code]).toEqual([status, code]);
      expect(response.json().error).toMatch(message);
    }
    const list = await call(app, cookie, 'GET', '/api/pronunciation/dictionaries');
    expect(list.json()).toEqual({ dictionaries: [] });
  });

  it('keeps each dictionary to its owner and asks for a session', async () => {
    const app = await appOnTarget();
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const created = await call(app, owner.cookie, 'POST', '/api/pronunciation/dictionaries', {
      name: 'Mine',
      rules: [{ type: 'alias', string_to_replace: 'a', alias: 'b' }],
    });
    const { id } = created.json() as PronunciationDictionary;
    for (const [method, url, body] of [
      ['GET', `/api/pronunciation/dictionaries/${id}`, undefined],
      ['GET', `/api/pronunciation/dictionaries/${id}/pls`, undefined],
      ['PUT', `/api/pronunciation/dictionaries/${id}/rules`, { rules: [] }],
      ['DELETE', `/api/pronunciation/dictionaries/${id}`, undefined],
    ] as const) {
      const response = await call(app, other.cookie, method, url, body);
      expect([url, response.statusCode, response.json().code]).toEqual([
        url,
        404,
        'PRONUNCIATION_DICTIONARY_NOT_FOUND',
      ]);
    }
    const anonymous = await app.inject({ method: 'GET', url: '/api/pronunciation/dictionaries' });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(app, owner.cookie, 'GET', `/api/pronunciation/dictionaries/${id}`)).statusCode).toBe(200);
  });
});
