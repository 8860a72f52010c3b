import { describe, expect, it } from 'vitest';
import { ADMIN, adminCookie, appWithAdmin } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const NUL_REFUSED = { error: 'The request must not contain NUL characters', code: 'NUL_IN_INPUT' };

/** `depth` arrays inside each other: `[[[...]]]`. */
const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('NUL characters are refused at the edge', () => {
  it('refuses a NUL in a path parameter, anonymously', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/task/a%00b', '/api/elevenlabs/task/a%00b', '/api/voices/a%00b/preview.mp3']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(NUL_REFUSED);
    }
  });

  it('refuses a NUL in a query value or name, and lets a plain query through', async () => {
    const app = await buildTestApp();
    for (const url of ['/api/credit-packs?view=a%00b', '/api/credit-packs?a%00b=1']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual(NUL_REFUSED);
    }
    expect((await app.inject({ method: 'GET', url: '/api/credit-packs?view=a%2500b' })).statusCode).toBe(200);
  });

  it('refuses a NUL in the admin sign-in body', async () => {
    const app = await appWithAdmin();
    for (const payload of [
      { username: 'a\u0000b', password: ADMIN.password },
      { username: ADMIN.username, password: 'a\u0000b-long-enough' },
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { origin: ORIGIN },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NUL_REFUSED);
    }
  });

  it('refuses a NUL in a sign-in body handed to better-auth, as JSON or as a form', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN },
      payload: { email: 'a\u0000b@example.com', password: 'correct horse battery' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(NUL_REFUSED);
    const form = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%00b%40example.com&password=correct+horse+battery',
    });
    expect(form.statusCode).toBe(400);
    expect(form.json()).toEqual(NUL_REFUSED);
  });

  it('refuses a NUL in saved preferences and in voice routes', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    const headers = { origin: ORIGIN, cookie };
    const requests = [
      { method: 'PUT', url: '/api/preferences', payload: { preferredVoiceId: 'a\u0000b', preferredVoiceName: 'x' } },
      { method: 'PUT', url: '/api/preferences', payload: { preferredVoiceId: 'ok', preferredVoiceName: 'a\u0000b' } },
      { method: 'GET', url: '/api/voice/a%00b/sample.mp3' },
      { method: 'DELETE', url: '/api/voice/a%00b' },
    ] as const;
    for (const request of requests) {
      const response = await app.inject({ ...request, headers });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(400);
      expect(response.json()).toEqual(NUL_REFUSED);
    }
  });

  it('refuses a NUL in a field of the multipart clone form, and creates no voice', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    const form = new FormData();
    form.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'sample.wav');
    form.append('voice_name', 'a\u0000b');
    form.append('language_tag', 'English');
    const response = await app.inject({
      method: 'POST',
      url: '/api/voice/clone',
      headers: { origin: ORIGIN, cookie },
      payload: form,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(NUL_REFUSED);
    expect(await app.db.selectFrom('cloned_voices').select('id').execute()).toEqual([]);
  });

  it('refuses a NUL in the query string of the admin user search', async () => {
    const app = await appWithAdmin();
    const cookie = await adminCookie(app);
    const response = await app.inject({ method: 'GET', url: '/api/admin/users?search=a%00b', headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(NUL_REFUSED);
  });

  it('refuses a NUL hidden in a nested JSON value or key', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    for (const payload of [{ meta: { list: ['fine', 'a\u0000b'] } }, { 'a\u0000b': 1 }]) {
      const response = await app.inject({
        method: 'PUT',
        url: '/api/preferences',
        headers: { origin: ORIGIN, cookie },
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(NUL_REFUSED);
    }
  });

  it('leaves ordinary text, including other control characters, to the routes', async () => {
    const app = await buildTestApp();
    const { cookie } = await signedInUser(app);
    const response = await app.inject({
      method: 'PUT',
      url: '/api/preferences',
      headers: { origin: ORIGIN, cookie },
      payload: { preferredVoiceId: 'espeak-en-us-m3', preferredVoiceName: 'Zoë\tvoice' },
    });
    expect(response.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/task/0000' })).statusCode).not.toBe(400);
  });
});

describe('deeply nested JSON is refused before any handler sees it', () => {
  it('answers 400 to deeply nested JSON sent to the sign-in bridge', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      payload: `{"email":"a@example.com","password":${nestedArrays(200_000)}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'The request body is nested too deeply', code: 'BODY_TOO_DEEP' });
  });

  it('accepts JSON nested up to the limit, and counts brackets inside strings as text', async () => {
    const app = await buildTestApp();
    app.post('/api/test-echo', async (request) => ({ received: request.body }));
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: '/api/test-echo',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
    expect((await send(nestedArrays(32))).statusCode).toBe(200);
    expect((await send(nestedArrays(33))).statusCode).toBe(400);
    const text = await send(JSON.stringify({ text: `${'['.repeat(100)}"\\` }));
    expect(text.statusCode).toBe(200);
    expect(text.json()).toEqual({ received: { text: `${'['.repeat(100)}"\\` } });
  });

  it('still refuses prototype poisoning and malformed JSON with a 400', async () => {
    const app = await buildTestApp();
    app.post('/api/test-echo', async (request) => ({ received: request.body }));
    for (const payload of ['{"__proto__":{"admin":true}}', '{"text":']) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/test-echo',
        headers: { origin: ORIGIN, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});
