import type { FastifyInstance, InjectOptions } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { silentWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { type ApiOperation, AUTH_BRIDGE_OPERATIONS, describedOperations, fillPath } from './api-description.js';
import { CheckLog, excerpt } from './check-log.js';
import { PRESET_VOICE, securityApp } from './fixtures.js';
import {
  deeplyNestedJson,
  type Hints,
  hostilePathSegment,
  hostileQuery,
  hostileValue,
  INVALID_JSON_TEXTS,
  type Labelled,
  percentEncode,
  SHARP_PATH_SEGMENTS,
  sharpValues,
  validObject,
  validValue,
} from './fuzz-values.js';
import { SeededRandom } from './seeded-random.js';

/**
 * A schema-driven fuzz of every route: requests built from each route's declared params, query
 * and body, then broken in one place (or sent whole but hostile), anonymously, as a signed-in user
 * from our own origin (so the cross-site guard lets them through to the handlers) and, on staff
 * routes, as staff. No answer may be a 5xx, none may take over 5 s, and every 4xx explains itself
 * in a JSON `{ error }` body. Set SECURITY_FUZZ_SEED to explore other runs.
 */

const SEED = Number(process.env.SECURITY_FUZZ_SEED ?? 16_2026);
/** Random requests, after the fixed sweep. */
const RANDOM_REQUESTS = 2_000;
const SLOW_MS = 5_000;
const PASSWORD = 'correct horse battery';

type Identity = 'anonymous' | 'user' | 'staff' | 'a garbled cookie';

interface FuzzRequest {
  route: ApiOperation;
  identity: Identity;
  /** What was broken, e.g. "body field text: NUL byte in a string". */
  mutation: string;
  url: string;
  payload?: string | Buffer;
  contentType?: string;
  extraHeaders?: Record<string, string>;
}

interface Outcome {
  request: FuzzRequest;
  status: number;
  body: string;
  ms: number;
}

/**
 * Calls that would end the fuzz's own sessions (sign-out, revoking sessions, a new password), and
 * an event stream that never ends: these are fuzzed anonymously only.
 */
const ANONYMOUS_ONLY = new Set([
  'GET /api/me/events',
  'DELETE /api/admin/session',
  'POST /api/auth/sign-out',
  'POST /api/auth/revoke-sessions',
  'POST /api/auth/revoke-other-sessions',
  'POST /api/auth/change-password',
  'POST /api/account/sessions/end-others',
  'POST /api/account/delete',
]);

function pickIdentity(route: ApiOperation, random: SeededRandom): Identity {
  if (ANONYMOUS_ONLY.has(route.key)) return 'anonymous';
  const roll = random.next();
  if (roll < 0.04) return 'a garbled cookie';
  if (route.path.startsWith('/api/admin/')) return roll < 0.55 ? 'staff' : roll < 0.8 ? 'user' : 'anonymous';
  return roll < 0.6 ? 'user' : 'anonymous';
}

/** Fills the route's path and query, breaking one of them when `target` says so. */
function buildUrl(route: ApiOperation, random: SeededRandom, hints: Hints, target: 'path' | 'query' | 'none') {
  let mutation: string | null = null;
  const brokenParam = target === 'path' ? random.pick(route.pathParams) : undefined;
  const values: Record<string, string> = {};
  for (const param of route.pathParams) {
    if (param === brokenParam) {
      const hostile = hostilePathSegment(random);
      values[param.name] = hostile.value;
      mutation = `path {${param.name}}: ${hostile.label}`;
    } else {
      values[param.name] = percentEncode(String(validValue(param.schema, random, param.name, hints)));
    }
  }
  const path = fillPath(route.path, values, (value) => value);
  if (target === 'query' && random.chance(0.5)) {
    const hostile = hostileQuery(
      random,
      route.queryParams.map((p) => p.name),
    );
    return { url: `${path}?${hostile.value}`, mutation: `query: ${hostile.label}` };
  }
  const query = new URLSearchParams();
  const brokenQuery = target === 'query' ? random.pick(route.queryParams) : undefined;
  for (const param of route.queryParams) {
    if (param === brokenQuery) {
      const hostile = hostileValue(random);
      const text = typeof hostile.value === 'string' ? hostile.value : JSON.stringify(hostile.value);
      query.set(param.name, text);
      mutation = `query ${param.name}: ${hostile.label}`;
    } else if (param.required || random.chance(0.6)) {
      query.set(param.name, String(validValue(param.schema, random, param.name, hints)));
    }
  }
  const search = query.toString();
  return { url: search ? `${path}?${search}` : path, mutation: mutation ?? 'none (valid URL)' };
}

/** A JSON body for the route: valid, or broken in one of many ways. */
function buildJsonBody(route: ApiOperation, random: SeededRandom, hints: Hints): Labelled<FuzzBody> {
  const schema = route.jsonBody ?? { type: 'object', properties: {} };
  const valid = validObject(schema, random, hints);
  const json = (value: unknown): FuzzBody => ({ payload: JSON.stringify(value), contentType: 'application/json' });
  const roll = random.next();
  if (roll < 0.14) return { label: 'none (valid body)', value: json(valid) };
  if (roll < 0.46) {
    const names = Object.keys(schema.properties ?? {});
    const name = names.length > 0 ? random.pick(names) : 'unexpected';
    const hostile = hostileValue(random);
    const nested = schema.properties?.[name]?.properties;
    if (nested && random.chance(0.5)) {
      const inner = random.pick(Object.keys(nested));
      const parent = typeof valid[name] === 'object' && valid[name] !== null ? valid[name] : {};
      return {
        label: `body field ${name}.${inner}: ${hostile.label}`,
        value: json({ ...valid, [name]: { ...parent, [inner]: hostile.value } }),
      };
    }
    return { label: `body field ${name}: ${hostile.label}`, value: json({ ...valid, [name]: hostile.value }) };
  }
  if (roll < 0.53) {
    const required = schema.required ?? Object.keys(valid);
    const name = required.length > 0 ? random.pick(required) : 'nothing';
    const { [name]: _dropped, ...rest } = valid;
    return { label: `body missing field ${name}`, value: json(rest) };
  }
  if (roll < 0.6) {
    // Prototype keys cannot be set on an object literal, so they go into the text itself.
    const text = JSON.stringify({ ...valid, unexpected: 'x', admin: true, role: 'staff', credits: 1e9 });
    const poisoned = `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}},${text.slice(1)}`;
    return {
      label: 'body with extra and prototype fields',
      value: { payload: poisoned, contentType: 'application/json' },
    };
  }
  if (roll < 0.68) {
    const hostile = hostileValue(random);
    return { label: `whole body: ${hostile.label}`, value: json(hostile.value) };
  }
  if (roll < 0.73) {
    const depth = random.pick([1_000, 10_000, 100_000]);
    const objects = random.chance(0.5);
    return {
      label: `body nested ${depth.toLocaleString('en')} levels (${objects ? 'objects' : 'arrays'})`,
      value: { payload: deeplyNestedJson(depth, objects), contentType: 'application/json' },
    };
  }
  if (roll < 0.81) {
    const text = random.pick(INVALID_JSON_TEXTS);
    return { label: `invalid JSON ${JSON.stringify(text)}`, value: { payload: text, contentType: 'application/json' } };
  }
  if (roll < 0.9) {
    const contentType = random.pick([
      'text/plain',
      'application/xml',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      'application/json; charset=utf-16',
      'application/octet-stream',
      '',
    ]);
    return {
      label: `content type ${JSON.stringify(contentType)}`,
      value: { payload: JSON.stringify(valid), contentType },
    };
  }
  if (roll < 0.97) return { label: 'empty JSON body', value: { payload: '', contentType: 'application/json' } };
  return {
    label: 'body over 1 MiB',
    value: json({ ...valid, text: 'z'.repeat(1_100_000) }),
  };
}

const CLONE_FIELDS = ['voice_name', 'language_tag', 'preview_text', 'need_noise_reduction'];

interface FuzzBody {
  payload: string | Buffer;
  contentType: string;
}

/** Sample "files" that are not what they claim, and fields that are not what the form expects. */
async function buildCloneForm(
  random: SeededRandom,
  fixed?: { field: string; hostile: Labelled<unknown> },
): Promise<Labelled<FuzzBody>> {
  const files: [string, () => Buffer][] = [
    ['empty file', () => Buffer.alloc(0)],
    ['random bytes', () => Buffer.from(Array.from({ length: random.int(1, 4096) }, () => random.int(0, 255)))],
    [
      'ID3 header then random bytes',
      () => Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000'), Buffer.alloc(2048, 7)]),
    ],
    [
      'RIFF header then garbage',
      () => Buffer.concat([Buffer.from('RIFF\u00ff\u00ff\u00ff\u007fWAVEfmt '), Buffer.alloc(512, 1)]),
    ],
    ['a 2 s silent WAV', () => silentWav(2)],
  ];
  const [fileLabel, makeFile] = random.pick(files);
  const field = fixed?.field ?? random.pick(CLONE_FIELDS);
  const hostile = fixed?.hostile ?? hostileValue(random);
  const text = typeof hostile.value === 'string' ? hostile.value : JSON.stringify(hostile.value);
  const form = new FormData();
  if (random.chance(0.85))
    form.append(
      random.chance(0.9) ? 'audio' : 'other',
      new Blob([makeFile()]),
      random.pick(['sample.wav', 'x.mp3', '../../x.wav', 'a\u0000b.wav', '']),
    );
  if (random.chance(0.1)) form.append('audio', 'a text field named audio');
  form.append('voice_name', 'Fuzzed voice');
  form.append(field, text.slice(0, 20_000));
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    label: `clone form: ${fileLabel}, ${field} ${hostile.label}`,
    value: {
      payload: Buffer.from(await encoded.arrayBuffer()),
      contentType: encoded.headers.get('content-type') ?? '',
    },
  };
}

async function buildRequest(route: ApiOperation, random: SeededRandom, hints: Hints): Promise<FuzzRequest> {
  const targets: ('path' | 'query' | 'body' | 'headers')[] = [];
  if (route.pathParams.length > 0) targets.push('path', 'path');
  if (route.queryParams.length > 0) targets.push('query', 'query');
  const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
  if (takesBody) targets.push('body', 'body', 'body');
  targets.push('headers');
  const target = random.pick(targets);
  const { url, mutation: urlMutation } = buildUrl(
    route,
    random,
    hints,
    target === 'path' || target === 'query' ? target : 'none',
  );
  const request: FuzzRequest = { route, identity: pickIdentity(route, random), mutation: urlMutation, url };

  if (takesBody || random.chance(0.05)) {
    const body =
      route.key === 'POST /api/voice/clone' && random.chance(0.8)
        ? await buildCloneForm(random)
        : buildJsonBody(route, random, hints);
    request.payload = body.value.payload;
    request.contentType = body.value.contentType;
    if (target === 'body' || !takesBody) request.mutation = body.label;
    else if (body.label.startsWith('none')) request.mutation = urlMutation;
    else if (urlMutation.startsWith('none')) request.mutation = body.label;
    else request.mutation = `${urlMutation}; ${body.label}`;
  }
  if (target === 'headers') {
    const [label, headers] = random.pick<[string, Record<string, string>]>([
      ['a range header past the end', { range: 'bytes=999999999999999999999-' }],
      ['a backwards range header', { range: 'bytes=500-1' }],
      ['a huge content-type parameter', { 'x-pad': 'p'.repeat(8_000) }],
      ['a same-site fetch marker', { 'sec-fetch-site': 'same-origin' }],
      ['an accept header for XML', { accept: 'application/xml' }],
      ['a forwarded-for header', { 'x-forwarded-for': '1.2.3.4, ::1' }],
    ]);
    request.extraHeaders = headers;
    request.mutation = `${request.mutation}; header: ${label}`;
  }
  return request;
}

/** The identity a sweep request goes as: the one that reaches the handler's code. */
function sweepIdentity(route: ApiOperation): Identity {
  if (ANONYMOUS_ONLY.has(route.key)) return 'anonymous';
  return route.path.startsWith('/api/admin/') ? 'staff' : 'user';
}

/** The route's URL with valid values everywhere except, optionally, one parameter. */
function urlWith(
  route: ApiOperation,
  random: SeededRandom,
  hints: Hints,
  override?: { name: string; encodedValue: string },
): string {
  const values: Record<string, string> = {};
  for (const param of route.pathParams) {
    values[param.name] =
      override?.name === param.name
        ? override.encodedValue
        : percentEncode(String(validValue(param.schema, random, param.name, hints, 1)));
  }
  const query = route.queryParams
    .filter((param) => param.required || override?.name === param.name)
    .map((param) =>
      override?.name === param.name
        ? `${param.name}=${override.encodedValue}`
        : `${param.name}=${percentEncode(String(validValue(param.schema, random, param.name, hints, 1)))}`,
    );
  const path = fillPath(route.path, values, (value) => value);
  return query.length > 0 ? `${path}?${query.join('&')}` : path;
}

const SWEPT_CONTENT_TYPES = [
  'text/plain',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
];

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The fixed part of the fuzz: every path parameter, query parameter and body field of every route
 * gets each of the values that broke routes before, and every body-taking route gets deeply nested
 * JSON. The random part then adds everything else.
 */
async function sharpSweep(routes: ApiOperation[], random: SeededRandom, hints: Hints): Promise<FuzzRequest[]> {
  const requests: FuzzRequest[] = [];
  for (const route of routes) {
    const identity = sweepIdentity(route);
    const takesBody = route.method !== 'GET' && route.method !== 'HEAD';
    const validBody = (): Pick<FuzzRequest, 'payload' | 'contentType'> =>
      takesBody && route.jsonBody
        ? { payload: JSON.stringify(validObject(route.jsonBody, random, hints, 1)), contentType: 'application/json' }
        : {};
    for (const param of [...route.pathParams, ...route.queryParams]) {
      const values =
        param.in === 'path'
          ? SHARP_PATH_SEGMENTS
          : sharpValues().map(({ label, value }) => ({ label, value: percentEncode(asText(value)) }));
      for (const { label, value } of values) {
        const url = urlWith(route, random, hints, { name: param.name, encodedValue: value });
        requests.push({
          route,
          identity,
          mutation: `${param.in === 'path' ? `path {${param.name}}` : `query ${param.name}`}: ${label}`,
          url,
          ...validBody(),
        });
      }
    }
    if (route.key === 'POST /api/voice/clone') {
      for (const field of CLONE_FIELDS) {
        for (const hostile of sharpValues()) {
          const form = await buildCloneForm(random, { field, hostile });
          requests.push({ route, identity, mutation: form.label, url: route.path, ...form.value });
        }
      }
    }
    if (!takesBody) continue;
    // Bodies that claim to be what they are not; a multipart one reaches the upload parser.
    for (const contentType of SWEPT_CONTENT_TYPES) {
      requests.push({
        route,
        identity,
        mutation: `content type ${JSON.stringify(contentType)} on a JSON text`,
        url: urlWith(route, random, hints),
        payload: '{"voice_name":"x"}',
        contentType,
      });
    }
    if (!route.jsonBody) continue;
    const fields = Object.entries(route.jsonBody.properties ?? {}).flatMap(([name, schema]) => [
      [name],
      ...Object.keys(schema.properties ?? {}).map((inner) => [name, inner]),
    ]);
    for (const path of fields) {
      for (const hostile of sharpValues()) {
        const body = validObject(route.jsonBody, random, hints, 1);
        const [outer, inner] = path as [string, string | undefined];
        if (inner === undefined) body[outer] = hostile.value;
        else body[outer] = { ...(body[outer] as object | undefined), [inner]: hostile.value };
        requests.push({
          route,
          identity,
          mutation: `body field ${path.join('.')}: ${hostile.label}`,
          url: urlWith(route, random, hints),
          payload: JSON.stringify(body),
          contentType: 'application/json',
        });
      }
    }
    for (const depth of [10_000, 100_000]) {
      for (const objects of [true, false]) {
        requests.push({
          route,
          identity,
          mutation: `body nested ${depth.toLocaleString('en')} levels (${objects ? 'objects' : 'arrays'})`,
          url: urlWith(route, random, hints),
          payload: deeplyNestedJson(depth, objects),
          contentType: 'application/json',
        });
      }
    }
  }
  return requests;
}

function headersFor(request: FuzzRequest, sessions: { user: string; staff: string }): Record<string, string> {
  const headers: Record<string, string> = { origin: ORIGIN, ...request.extraHeaders };
  if (request.identity === 'user') headers.cookie = sessions.user;
  if (request.identity === 'staff') headers.cookie = `${sessions.staff}; ${sessions.user}`;
  if (request.identity === 'a garbled cookie') {
    headers.cookie = `sayso.session_token=%00%ZZ.${'g'.repeat(300)}; sayso_admin=\u00e9\u00e9`;
  }
  if (request.contentType !== undefined && request.contentType !== '') headers['content-type'] = request.contentType;
  return headers;
}

/** Sends one request; a request that takes longer than SLOW_MS is reported without waiting for it. */
async function send(app: FastifyInstance, request: FuzzRequest, sessions: { user: string; staff: string }, ip: string) {
  const options: InjectOptions = {
    method: request.route.method,
    url: request.url,
    headers: headersFor(request, sessions),
    remoteAddress: ip,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), SLOW_MS);
  });
  const response = await Promise.race([app.inject(options), timedOut]);
  clearTimeout(timer);
  const ms = performance.now() - started;
  if (!response) return { status: 0, body: '(no answer within 5 s)', ms };
  return { status: response.statusCode, body: response.body, ms };
}

/**
 * A 4xx must say what was wrong as `{ error: string }`. The better-auth bridge answers in
 * better-auth's own documented shape, `{ code, message }`, which its client reads; that is
 * accepted there and only there.
 */
function explainsItself(outcome: Outcome): boolean {
  let body: unknown;
  try {
    body = JSON.parse(outcome.body);
  } catch {
    return false;
  }
  if (typeof body !== 'object' || body === null) return false;
  const fields = body as Record<string, unknown>;
  if (typeof fields.error === 'string' && fields.error.length > 0) return true;
  // The public API answers in each dialect's own shape: OpenAI's { error: { message } }, and
  // ElevenLabs' { detail: { message } } or, for a malformed body, FastAPI's { detail: [...] }.
  const { path } = outcome.request.route;
  const nested = (value: unknown) =>
    typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
  if (path.startsWith('/openai/') && nested(fields.error)) return true;
  if (path.startsWith('/elevenlabs/') && (nested(fields.detail) || Array.isArray(fields.detail))) return true;
  return outcome.request.route.path.startsWith('/api/auth/') && typeof fields.message === 'string';
}

function describeOutcome(outcome: Outcome): string {
  const { request } = outcome;
  const payload = request.payload === undefined ? '' : ` body ${excerpt(request.payload.toString(), 120)}`;
  const type = request.contentType === undefined ? '' : ` [${request.contentType || 'no content type'}]`;
  return (
    `${request.route.method} ${excerpt(request.url, 160)} as ${request.identity}${type}${payload} ` +
    `(${request.mutation}) -> ${outcome.status} in ${Math.round(outcome.ms)} ms: ${excerpt(outcome.body)}`
  );
}

/** Failures grouped by route and kind of input, most frequent first: the list a developer fixes from. */
function groupFailures(outcomes: Outcome[], kind: string): string[] {
  const groups = new Map<string, number>();
  for (const outcome of outcomes) {
    const cause = outcome.request.mutation;
    const key = `${kind} ${outcome.status || 'hang'} on ${outcome.request.route.key} <- ${cause}`;
    groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  return [...groups.entries()].sort((a, b) => b[1] - a[1]).map(([key, count]) => `${count} x ${key}`);
}

describe('schema-driven fuzz', () => {
  it('answers thousands of hostile requests without a 5xx, a hang, or an unexplained 4xx', async () => {
    const app = await securityApp({
      workers: false,
      // Generous limits, so that the fuzz reaches the handlers instead of the rate limiters.
      env: {
        SPEECH_REQUESTS_PER_MINUTE: '10000',
        SPEECH_REQUESTS_PER_IP_PER_MINUTE: '10000',
        SPEECH_ACTIVE_TASKS_PER_USER: '100',
        DEMO_REQUESTS_PER_HOUR: '10000',
        SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
        SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: '10000',
      },
    });
    const user = await signedInUser(app, 'fuzz-user@example.com');
    const staffCookie = await adminCookie(app);
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { text: 'A queued task for the fuzz to find.', voice_id: PRESET_VOICE, model_id: 'espeak-ng' },
    });
    const taskId = (submitted.json() as { task_id?: string }).task_id ?? 'f'.repeat(32);
    const hints: Hints = {
      id: [taskId],
      taskId: [taskId],
      uid: [user.userId],
      voiceId: [PRESET_VOICE],
      voice_id: [PRESET_VOICE],
      model_id: ['espeak-ng', 'eleven_multilingual_v2'],
      text: ['Hello there, this is a short text.'],
      packId: ['starter', 'creator'],
      name: ['audio.mp3', 'transcript.srt'],
      username: [ADMIN.username],
      password: [ADMIN.password, PASSWORD],
      email: [user.email],
      preferredVoiceId: [PRESET_VOICE],
    };

    const routes = [...(await describedOperations(app)), ...AUTH_BRIDGE_OPERATIONS].filter(
      // The docs pages are the swagger plugin's, not ours.
      (route) => !route.path.startsWith('/api/docs'),
    );
    const random = new SeededRandom(SEED);
    const log = new CheckLog();
    const serverErrors: Outcome[] = [];
    const hangs: Outcome[] = [];
    const unexplained: Outcome[] = [];
    const started = performance.now();
    // better-auth prints each database error it meets to the console; the failures below report them.
    const consoleErrors = vi.spyOn(console, 'error').mockImplementation(() => {});

    const sweep = await sharpSweep(routes, random, hints);
    const total = sweep.length + RANDOM_REQUESTS;
    for (let i = 0; i < total; i += 1) {
      // Round robin over routes, so each gets its share whatever the order of the description.
      const request = sweep[i] ?? (await buildRequest(routes[i % routes.length] as ApiOperation, random, hints));
      const ip = `10.${random.int(0, 255)}.${random.int(0, 255)}.${random.int(1, 254)}`;
      const outcome: Outcome = {
        request,
        ...(await send(app, request, { user: user.cookie, staff: staffCookie }, ip)),
      };
      log.check(outcome.status !== 0 && outcome.ms < SLOW_MS, () => describeOutcome(outcome));
      if (outcome.status === 0 || outcome.ms >= SLOW_MS) hangs.push(outcome);
      log.check(outcome.status < 500, () => describeOutcome(outcome));
      if (outcome.status >= 500) serverErrors.push(outcome);
      if (outcome.status >= 400 && outcome.status < 500) {
        log.check(explainsItself(outcome), () => describeOutcome(outcome));
        if (!explainsItself(outcome)) unexplained.push(outcome);
      }
    }

    const loggedErrors = consoleErrors.mock.calls.length;
    consoleErrors.mockRestore();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `fuzz: seed ${SEED}, ${total} requests (${sweep.length} fixed sweep + ${RANDOM_REQUESTS} random) over ` +
        `${routes.length} routes in ${seconds} s: ` +
        `${serverErrors.length} answers >= 500, ${hangs.length} over ${SLOW_MS / 1000} s, ` +
        `${unexplained.length} 4xx without { error }; ${loggedErrors} errors printed to the console`,
    );
    const grouped = [
      ...groupFailures(serverErrors, '5xx'),
      ...groupFailures(hangs, 'slow'),
      ...groupFailures(unexplained, 'unexplained'),
    ];
    if (grouped.length > 0) console.log(`fuzz failures by cause:\n  ${grouped.join('\n  ')}`);
    const firstFew = [...serverErrors, ...hangs, ...unexplained].slice(0, 8).map(describeOutcome);
    if (firstFew.length > 0) console.log(`fuzz: first failing requests (seed ${SEED}):\n  ${firstFew.join('\n  ')}`);
    // The failures were printed above, grouped and as reproductions.
    log.summary('fuzz', `${total} requests x 3 properties (no 5xx, no hang, 4xx explained)`, { printFailures: false });
    expect(grouped).toEqual([]);
  }, 120_000);
});
