import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN } from '../helpers/admin.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN } from '../helpers/sessions.js';
import { standInGtcrnModel } from '../helpers/sherpa-stand-ins/denoiser.js';
import {
  type ApiOperation,
  AUTH_BRIDGE_OPERATIONS,
  describedOperations,
  fillPath,
  STATE_CHANGING,
} from './api-description.js';
import { CheckLog, excerpt, stateFingerprint } from './check-log.js';
import { PRESET_VOICE, type SecurityFixtures, SHORT_TEXT, securityApp, securityFixtures } from './fixtures.js';

/**
 * Route-level cross-site request checks. Every state-changing route is sent requests that a page
 * on another site could make a visitor's browser send, with the visitor's cookies, under every
 * spelling of its path we could think of. None may succeed, and the database must not change.
 */

const FOREIGN_ORIGIN = 'https://evil.example';
const PASSWORD = 'correct horse battery';

/** Ways a browser marks, or fails to mark, a request from another site. Each must get a 403. */
const CROSS_SITE_HEADERS: Record<string, Record<string, string>> = {
  'a foreign Origin': { origin: FOREIGN_ORIGIN },
  'a look-alike Origin': { origin: `${ORIGIN}.evil.example` },
  'Origin: null (sandboxed frame)': { origin: 'null' },
  'Sec-Fetch-Site: cross-site': { 'sec-fetch-site': 'cross-site' },
  'neither Origin nor Sec-Fetch-Site': {},
};

/**
 * Other spellings of a path. Fastify's router runs with its defaults (app.ts sets no router
 * options): case-sensitive, duplicate and trailing slashes significant, no `;` delimiter, and it
 * percent-decodes the path before matching. Whatever a spelling reaches, it must not be a 2xx.
 */
const PATH_SPELLINGS: Record<string, (path: string) => string> = {
  'first segment percent-encoded (/%61pi)': (path) => path.replace(/^\/api\//, '/%61pi/'),
  'a later letter encoded (/ap%69)': (path) => path.replace(/^\/api\//, '/ap%69/'),
  'upper-case hex (/%41PI is not /api, /ap%49 is)': (path) => path.replace(/^\/api\//, '/ap%49/'),
  'last character encoded': (path) =>
    path.replace(/([a-z])$/, (letter: string) => `%${letter.charCodeAt(0).toString(16)}`),
  'double-encoded (/%2561pi)': (path) => path.replace(/^\/api\//, '/%2561pi/'),
  'a leading double slash (//api)': (path) => `/${path}`,
  'a double slash inside (/api//x)': (path) => path.replace(/^\/api\//, '/api//'),
  'a dot segment (/./api)': (path) => `/.${path}`,
  'a dot segment inside (/api/./x)': (path) => path.replace(/^\/api\//, '/api/./'),
  'a parent segment (/x/../api)': (path) => `/x/..${path}`,
  'an encoded slash (/api%2Fx)': (path) => path.replace(/^\/api\//, '/api%2F'),
  'upper case (/API)': (path) => path.replace(/^\/api\//, '/API/'),
  'mixed case (/Api)': (path) => path.replace(/^\/api\//, '/Api/'),
  'a trailing slash': (path) => `${path}/`,
  'a semicolon suffix': (path) => `${path};x=1`,
  'a query string': (path) => `${path}?x=1`,
  'a fragment-looking suffix (%23)': (path) => `${path}%23x`,
};

type Body = { kind: 'json'; value: unknown } | { kind: 'form'; value: () => FormData } | { kind: 'none' };

let requestNumber = 0;
let sampleWav: Buffer | null = null;

function cloneForm(name: string): FormData {
  if (!sampleWav) throw new Error('the sample is loaded before the first request');
  const form = new FormData();
  form.append('audio', new Blob([sampleWav], { type: 'audio/wav' }), 'sample.wav');
  form.append('voice_name', name);
  form.append('language_tag', 'English');
  return form;
}

/** An upload the model manager would install (a bare stand-in .onnx named like the catalogue's denoiser). */
function denoiserForm(): FormData {
  const form = new FormData();
  form.append('archive', new Blob([standInGtcrnModel()]), 'gtcrn_simple.onnx');
  return form;
}

/**
 * A request each route would carry out if it arrived: a forged request that got through would
 * leave a trace in the database, which the fingerprint catches. Routes not listed get no body.
 */
function effectiveRequest(route: ApiOperation, f: SecurityFixtures): { params: Record<string, string>; body: Body } {
  requestNumber += 1;
  const json = (value: unknown): Body => ({ kind: 'json', value });
  const params = {
    id: route.path.startsWith('/api/history') ? f.owner.taskId : f.owner.voiceId,
    uid: f.owner.userId,
    voice_id: PRESET_VOICE,
    position: '0',
    takeId: f.owner.takeId ?? 'no-take',
    name: 'gtcrn_simple',
    projectId: f.owner.project.id,
    dictionaryId: f.owner.dictionary.id,
    pronunciation_dictionary_id: f.owner.dictionary.id,
    dictionary_id: f.owner.dictionary.id,
    version_id: f.owner.dictionary.versionId,
    chapterId: f.owner.project.chapterIds[0] ?? 'no-chapter',
    blockId: f.owner.project.blockIds[0] ?? 'no-block',
    format: 'zip',
  };
  const bodies: Record<string, Body> = {
    'POST /api/purchases': json({ packId: 'starter', idempotencyKey: `forged-purchase-${requestNumber}` }),
    'POST /api/admin/session': json(ADMIN),
    'POST /api/admin/users/{uid}/balance/add': json({ amount: 100 }),
    'POST /api/admin/users/{uid}/balance/deduct': json({ amount: 1 }),
    'POST /api/tts': json({ text: SHORT_TEXT, voice_setting: { voice_id: f.owner.voiceId } }),
    'POST /api/elevenlabs/tts': json({ text: SHORT_TEXT, voice_id: PRESET_VOICE, model_id: 'espeak-ng' }),
    'POST /api/api-keys': json({ name: 'Forged key', scopes: ['speech'] }),
    'POST /api/pronunciation/dictionaries': json({ name: 'Forged words', rules: [] }),
    'PUT /api/pronunciation/dictionaries/{dictionaryId}/rules': json({ rules: [] }),
    'POST /api/history/{id}/sentences/{position}/takes': json({ text: 'A forged sentence.' }),
    'PUT /api/preferences': json({ preferredVoiceId: 'forged-voice', preferredVoiceName: 'Forged' }),
    'POST /api/voice/clone': { kind: 'form', value: () => cloneForm(`Forged voice ${requestNumber}`) },
    'POST /api/admin/models': { kind: 'form', value: denoiserForm },
    'POST /api/auth/sign-in/email': json({ email: f.owner.email, password: PASSWORD }),
    'POST /api/auth/sign-up/email': json({
      email: `forged-${requestNumber}@example.com`,
      password: PASSWORD,
      name: 'Forged',
    }),
    'POST /api/auth/update-user': json({ name: 'Forged name' }),
    'POST /api/auth/change-password': json({ currentPassword: PASSWORD, newPassword: 'forged password 123' }),
    'POST /api/auth/revoke-sessions': json({}),
    'POST /api/auth/revoke-other-sessions': json({}),
    'PATCH /api/account/profile': json({ name: 'Forged name' }),
    'POST /api/account/email': json({ email: `forged-${requestNumber}@example.com`, password: PASSWORD }),
    'POST /api/account/password': json({ currentPassword: PASSWORD, newPassword: 'forged password 123' }),
    'POST /api/account/delete': json({ confirmEmail: f.owner.email }),
  };
  return { params, body: bodies[route.key] ?? { kind: 'none' } };
}

function injectOptions(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: Body,
): InjectOptions & { url: string } {
  const options: InjectOptions & { url: string } = { method: method as InjectOptions['method'], url, headers };
  if (body.kind === 'json') options.payload = body.value as InjectOptions['payload'];
  if (body.kind === 'form') options.payload = body.value();
  return options;
}

async function stateChangingRoutes(app: FastifyInstance): Promise<ApiOperation[]> {
  const described = await describedOperations(app);
  return [...described, ...AUTH_BRIDGE_OPERATIONS].filter((route) => STATE_CHANGING.has(route.method));
}

/** Cookies of both the user and the staff session, as a browser signed in to both would send. */
const bothSessions = (f: SecurityFixtures) => `${f.owner.cookie}; ${f.staffCookie}`;

/** Gives the owner money, so a forged purchase would have something to spend. */
async function fundOwner(app: FastifyInstance, f: SecurityFixtures) {
  const funded = await app.inject({
    method: 'POST',
    url: `/api/admin/users/${f.owner.userId}/balance/add`,
    headers: { origin: ORIGIN, cookie: f.staffCookie },
    payload: { amount: 10_000 },
  });
  expect(funded.statusCode).toBe(200);
}

describe('cross-site requests', () => {
  it('are refused on every state-changing route, however its path is spelled, and change nothing', async () => {
    sampleWav ??= await spokenSampleWav();
    const app = await securityApp({ workers: false });
    const f = await securityFixtures(app, { finished: false });
    await fundOwner(app, f);
    const routes = await stateChangingRoutes(app);
    const log = new CheckLog();
    const before = await stateFingerprint(app.db);

    for (const route of routes) {
      for (const [how, headers] of Object.entries(CROSS_SITE_HEADERS)) {
        const { params, body } = effectiveRequest(route, f);
        const url = fillPath(route.path, params);
        const response = await app.inject(
          injectOptions(route.method, url, { ...headers, cookie: bothSessions(f) }, body),
        );
        log.check(
          response.statusCode === 403,
          () => `${route.method} ${url} with ${how} -> ${response.statusCode} ${excerpt(response.body)} (want 403)`,
        );
      }
      for (const [how, spell] of Object.entries(PATH_SPELLINGS)) {
        const { params, body } = effectiveRequest(route, f);
        const url = spell(fillPath(route.path, params));
        const headers = { origin: FOREIGN_ORIGIN, 'sec-fetch-site': 'cross-site', cookie: bothSessions(f) };
        const response = await app.inject(injectOptions(route.method, url, headers, body));
        log.check(
          response.statusCode < 200 || response.statusCode >= 300,
          () => `${route.method} ${url} (${how}), cross-site -> ${response.statusCode} ${excerpt(response.body)}`,
        );
      }
    }

    const after = await stateFingerprint(app.db);
    for (const [table, digest] of Object.entries(before)) {
      log.check(
        after[table] === digest,
        () => `cross-site requests changed table ${table}: ${digest} -> ${after[table]}`,
      );
    }
    const forms = Object.keys(CROSS_SITE_HEADERS).length + Object.keys(PATH_SPELLINGS).length;
    log.summary(
      'csrf (inject)',
      `${routes.length} state-changing routes x ${forms} forged forms + ${Object.keys(before).length} tables`,
    );

    // The forged bodies were real: sent from our own origin, the same requests do what they say.
    for (const key of ['POST /api/purchases', 'PUT /api/preferences', 'POST /api/voice/clone']) {
      const route = routes.find((candidate) => candidate.key === key);
      if (!route) throw new Error(`${key} is not in the API description`);
      const { params, body } = effectiveRequest(route, f);
      const headers = { origin: ORIGIN, cookie: f.owner.cookie };
      const response = await app.inject(injectOptions(route.method, fillPath(route.path, params), headers, body));
      expect(response.statusCode, `${key} from our own origin: ${response.body}`).toBe(200);
    }
    expect(await stateFingerprint(app.db)).not.toEqual(after);
    expect(log.failures).toEqual([]);
  }, 90_000);

  it('are refused over a real socket, where the raw path reaches the server untouched', async () => {
    sampleWav ??= await spokenSampleWav();
    const app = await securityApp({ workers: false });
    const f = await securityFixtures(app, { finished: false });
    await fundOwner(app, f);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    const routes = (await stateChangingRoutes(app)).filter((route) =>
      ['POST /api/purchases', 'POST /api/voice/clone', 'PUT /api/preferences', 'POST /api/auth/sign-out'].includes(
        route.key,
      ),
    );
    const spellings = ['(as is)', 'first segment percent-encoded (/%61pi)', 'a leading double slash (//api)'];
    const spellings2 = ['a dot segment inside (/api/./x)', 'a parent segment (/x/../api)', 'upper case (/API)'];
    const log = new CheckLog();
    const before = await stateFingerprint(app.db);

    for (const route of routes) {
      for (const how of [...spellings, ...spellings2]) {
        const { params, body } = effectiveRequest(route, f);
        const path = fillPath(route.path, params);
        const rawPath = PATH_SPELLINGS[how]?.(path) ?? path;
        const answer = await sendRaw(
          port,
          route.method,
          rawPath,
          { origin: FOREIGN_ORIGIN, cookie: f.owner.cookie },
          body,
        );
        log.check(
          answer.status < 200 || answer.status >= 300,
          () =>
            `socket ${route.method} ${rawPath} (${how}), foreign Origin -> ${answer.status} ${excerpt(answer.body)}`,
        );
      }
    }
    const after = await stateFingerprint(app.db);
    for (const [table, digest] of Object.entries(before)) {
      log.check(after[table] === digest, () => `socket requests changed table ${table}: ${digest} -> ${after[table]}`);
    }
    log.summary(
      'csrf (socket)',
      `${routes.length} routes x ${spellings.length + spellings2.length} raw paths + tables`,
    );

    // The same socket path from our own origin buys the pack, so the refusals above were the guard's.
    const purchase = await sendRaw(
      port,
      'POST',
      '/api/purchases',
      { origin: ORIGIN, cookie: f.owner.cookie },
      { kind: 'json', value: { packId: 'starter', idempotencyKey: 'same-site-control' } },
    );
    expect(purchase.status, purchase.body).toBe(200);
    expect(log.failures).toEqual([]);
  }, 60_000);
});

/** Sends one request over a socket with its path exactly as given (no URL parsing on the way). */
async function sendRaw(
  port: number,
  method: string,
  rawPath: string,
  headers: Record<string, string>,
  body: Body,
): Promise<{ status: number; body: string }> {
  let payload: Buffer | undefined;
  const allHeaders: Record<string, string> = { ...headers, host: `127.0.0.1:${port}` };
  if (body.kind === 'json') {
    payload = Buffer.from(JSON.stringify(body.value));
    allHeaders['content-type'] = 'application/json';
  } else if (body.kind === 'form') {
    // Let the Fetch API serialise the form, boundary and all.
    const encoded = new Request('http://127.0.0.1/', { method: 'POST', body: body.value() });
    payload = Buffer.from(await encoded.arrayBuffer());
    allHeaders['content-type'] = encoded.headers.get('content-type') ?? '';
  }
  if (payload) allHeaders['content-length'] = String(payload.length);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method, path: rawPath, headers: allHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    request.on('error', reject);
    request.end(payload);
  });
}
