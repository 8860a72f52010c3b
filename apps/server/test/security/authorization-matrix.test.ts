import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { ADMIN, adminCookie } from '../helpers/admin.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { standInGtcrnModel } from '../helpers/sherpa-stand-ins/denoiser.js';
import { type ApiOperation, AUTH_BRIDGE_OPERATIONS, describedOperations, fillPath } from './api-description.js';
import { CheckLog, excerpt } from './check-log.js';
import {
  leakedMarker,
  PRESET_VOICE,
  type SecurityFixtures,
  SHORT_TEXT,
  securityApp,
  securityFixtures,
} from './fixtures.js';

/**
 * Who may call what, for every route the app describes: each route is called by an anonymous
 * visitor, by another user (with the owner's resources in the path), and, on staff routes, by a
 * signed-in user who is not staff. A control call by the rightful caller proves each request
 * would be served, so a refusal below is the access rule at work and not a malformed request.
 */

type Access =
  /** Anyone, signed in or not: an anonymous caller is served. */
  | 'public'
  /** Needs a user session: anonymous gets 401; another user is served, but only their own data. */
  | 'user'
  /** Names the owner's resource: anonymous and another user are refused, the owner is served. */
  | 'owner'
  /** Needs the staff session: anonymous gets 401, a signed-in user 401 or 403, staff is served. */
  | 'staff'
  /** The resource id is missing from the path: every caller gets a 4xx naming the problem. */
  | 'no-target'
  /** A signed file link: the signature is the permission (checked in its own test below). */
  | 'signed-link'
  /**
   * The public API: only an API key opens it (test/public-api covers keys), so every cookie
   * caller, staff included, gets 401: a session never stands in for a key.
   */
  | 'api-key';

interface RequestParts {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

interface Rule {
  access: Access;
  request?: (f: SecurityFixtures) => RequestParts;
  /** Statuses that count as refusing another user (default 403 and 404: "not yours" or "no such thing"). */
  refusals?: number[];
  /** Why the rightful caller's control call is skipped (it would destroy what the suite needs). */
  noControl?: string;
  /** The control call ends its own session, so it signs in anew first. */
  endsSession?: true;
  /** Signed-in calls are skipped, with the reason. */
  skipSignedIn?: string;
}

let purchaseKey = 0;
const nextPurchaseKey = () => {
  purchaseKey += 1;
  return `matrix-purchase-${purchaseKey}`;
};
/** A bare .onnx named like the catalogue's denoiser (a stand-in the runtime loads): the smallest archive the model manager installs. */
function denoiserUpload(): FormData {
  const form = new FormData();
  form.append('archive', new Blob([standInGtcrnModel()]), 'gtcrn_simple.onnx');
  return form;
}
const ownTask = (f: SecurityFixtures) => ({ params: { id: f.owner.taskId } });
const ownTake = (f: SecurityFixtures) => ({ params: { id: f.owner.taskId, takeId: f.owner.takeId ?? 'no-take' } });

/**
 * One row per route. A route the app describes that has no row here fails the test, so a new
 * route cannot ship without someone deciding who may call it.
 */
const apiKeyRoute: Rule = { access: 'api-key', request: () => ({ params: { voice_id: 'espeak-en-us-f2' } }) };
const ownProject = (f: SecurityFixtures, more: Record<string, string> = {}) => ({
  params: { projectId: f.owner.project.id, ...more },
});
const firstChapter = (f: SecurityFixtures) => f.owner.project.chapterIds[0] ?? 'no-chapter';
const apiProject = (more: Record<string, string> = {}): Rule => ({
  access: 'api-key',
  request: () => ({ params: { projectId: 'any-project', chapterId: 'any-chapter', format: 'zip', ...more } }),
});

const ownDictionary = (f: SecurityFixtures) => ({ params: { dictionaryId: f.owner.dictionary.id } });
const apiDictionary: Rule = {
  access: 'api-key',
  request: () => ({
    params: {
      pronunciation_dictionary_id: 'any-dictionary',
      dictionary_id: 'any-dictionary',
      version_id: 'any-version',
    },
  }),
};

const MATRIX: Record<string, Rule> = {
  'GET /api/pronunciation/dictionaries': { access: 'user' },
  'POST /api/pronunciation/dictionaries': {
    access: 'user',
    request: () => ({ body: { name: 'Matrix words', rules: [{ type: 'alias', string_to_replace: 'a', alias: 'b' }] } }),
  },
  'POST /api/pronunciation/dictionaries/import': {
    access: 'user',
    request: () => ({
      body: {
        name: 'Matrix PLS',
        pls: '<lexicon alphabet="ipa"><lexeme><grapheme>a</grapheme><alias>b</alias></lexeme></lexicon>',
      },
    }),
  },
  'GET /api/pronunciation/dictionaries/{dictionaryId}': { access: 'owner', request: ownDictionary },
  'GET /api/pronunciation/dictionaries/{dictionaryId}/pls': { access: 'owner', request: ownDictionary },
  'PUT /api/pronunciation/dictionaries/{dictionaryId}/rules': {
    access: 'owner',
    request: (f) => ({
      ...ownDictionary(f),
      body: { rules: [{ type: 'alias', string_to_replace: 'Owner', alias: 'Proprietor' }] },
    }),
  },
  'DELETE /api/pronunciation/dictionaries/{dictionaryId}': {
    access: 'owner',
    request: ownDictionary,
    noControl: 'deleting the dictionary would leave the other dictionary routes nothing to check',
  },
  'POST /elevenlabs/v1/pronunciation-dictionaries/add-from-rules': apiDictionary,
  'POST /elevenlabs/v1/pronunciation-dictionaries/add-from-file': apiDictionary,
  'GET /elevenlabs/v1/pronunciation-dictionaries': apiDictionary,
  'GET /elevenlabs/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}': apiDictionary,
  'POST /elevenlabs/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/add-rules': apiDictionary,
  'POST /elevenlabs/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/set-rules': apiDictionary,
  'POST /elevenlabs/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/remove-rules': apiDictionary,
  'GET /elevenlabs/v1/pronunciation-dictionaries/{dictionary_id}/{version_id}/download': apiDictionary,
  'GET /api/api-keys': { access: 'user' },
  'POST /api/api-keys': { access: 'user', request: () => ({ body: { name: 'Matrix key', scopes: ['speech'] } }) },
  'DELETE /api/api-keys/{id}': { access: 'user', request: () => ({ params: { id: 'not-a-key' } }) },
  'GET /api/api-keys/signing-secret': { access: 'user' },
  'GET /api/projects': { access: 'user' },
  'POST /api/projects': {
    access: 'user',
    request: () => ({ body: { title: 'Matrix project', narrator_voice_id: PRESET_VOICE, text: 'One line.' } }),
  },
  // Multipart only: the signed-in caller's JSON is refused as a bad request, never served as another's.
  'POST /api/projects/import': { access: 'user' },
  'GET /api/projects/{projectId}': { access: 'owner', request: (f) => ownProject(f) },
  'PATCH /api/projects/{projectId}': {
    access: 'owner',
    request: (f) => ({ ...ownProject(f), body: { title: 'Renamed by the matrix' } }),
  },
  'DELETE /api/projects/{projectId}': {
    access: 'owner',
    request: (f) => ownProject(f),
    noControl: 'deleting the project would leave the other project routes nothing to check',
  },
  'POST /api/projects/{projectId}/duplicate': { access: 'owner', request: (f) => ownProject(f) },
  'PATCH /api/projects/{projectId}/blocks/{blockId}': {
    access: 'owner',
    request: (f) => ({
      ...ownProject(f, { blockId: f.owner.project.blockIds[0] ?? 'no-block' }),
      body: { text: 'Edited by the matrix.' },
    }),
  },
  'POST /api/projects/{projectId}/chapters/{chapterId}/split': {
    access: 'owner',
    request: (f) => ({
      ...ownProject(f, { chapterId: firstChapter(f) }),
      body: { before_block_id: f.owner.project.blockIds[1] ?? 'no-block' },
    }),
    noControl: 'splitting changes the chapters the other rules name',
  },
  'POST /api/projects/{projectId}/chapters/{chapterId}/merge': {
    access: 'owner',
    request: (f) => ownProject(f, { chapterId: firstChapter(f) }),
    noControl: 'merging removes a chapter the other rules name',
  },
  'PATCH /api/projects/{projectId}/chapters/{chapterId}': {
    access: 'owner',
    request: (f) => ({ ...ownProject(f, { chapterId: firstChapter(f) }), body: { title: 'Renamed chapter' } }),
  },
  'PUT /api/projects/{projectId}/chapters/order': {
    access: 'owner',
    request: (f) => ({ ...ownProject(f), body: { chapter_ids: f.owner.project.chapterIds } }),
  },
  'PUT /api/projects/{projectId}/cast': {
    access: 'owner',
    request: (f) => ({ ...ownProject(f), body: { name: 'Nobody', voice_id: null } }),
    refusals: [400, 403, 404],
  },
  'POST /api/projects/{projectId}/estimate': {
    access: 'owner',
    request: (f) => ({ ...ownProject(f), body: { scope: 'project' } }),
  },
  'POST /api/projects/{projectId}/render': {
    access: 'owner',
    request: (f) => ({ ...ownProject(f), body: { scope: 'project' } }),
    noControl: 'rendering spends the owner’s credits on work no other rule needs',
  },
  'GET /api/projects/{projectId}/progress': { access: 'owner', request: (f) => ownProject(f) },
  'GET /api/projects/{projectId}/export/{format}': {
    access: 'owner',
    request: (f) => ownProject(f, { format: 'zip' }),
    noControl: 'an export needs rendered audio, which this suite does not wait for (409 before a render)',
  },
  'GET /api/projects/{projectId}/chapters/{chapterId}/subtitles.{format}': {
    access: 'owner',
    request: (f) => ownProject(f, { chapterId: firstChapter(f), format: 'srt' }),
    noControl: 'subtitles need rendered audio, which this suite does not wait for',
  },
  'GET /api/projects/{projectId}/acx': {
    access: 'owner',
    request: (f) => ownProject(f),
    noControl: 'the ACX report needs rendered audio, which this suite does not wait for',
  },
  'POST /elevenlabs/v1/projects/': apiProject(),
  'GET /elevenlabs/v1/projects/{projectId}': apiProject(),
  'POST /elevenlabs/v1/projects/{projectId}/render': apiProject(),
  'GET /elevenlabs/v1/projects/{projectId}/progress': apiProject(),
  'GET /elevenlabs/v1/projects/{projectId}/export/{format}': apiProject(),
  'GET /elevenlabs/v1/projects/{projectId}/chapters/{chapterId}/subtitles.{format}': apiProject({ format: 'srt' }),
  'GET /api/history': { access: 'user' },
  'GET /api/history/{id}': { access: 'owner', request: ownTask },
  'DELETE /api/history/{id}': {
    access: 'owner',
    request: ownTask,
    noControl: 'it would delete the task the rows below need',
  },
  'GET /api/history/{id}/audio.mp3': { access: 'owner', request: ownTask },
  'GET /api/history/{id}/download/{format}': {
    access: 'owner',
    request: (f) => ({ params: { id: f.owner.taskId, format: 'vtt' } }),
  },
  'GET /api/history/{id}/timeline': { access: 'owner', request: ownTask },
  'GET /api/history/{id}/takes/{takeId}/audio.mp3': { access: 'owner', request: ownTake },
  'POST /api/history/{id}/sentences/{position}/takes': {
    access: 'owner',
    request: (f) => ({ params: { id: f.owner.taskId, position: '0' }, body: { text: 'A matrix sentence.' } }),
  },
  'POST /api/history/{id}/takes/{takeId}/choose': { access: 'owner', request: ownTake },
  'POST /openai/v1/audio/speech': apiKeyRoute,
  'GET /openai/v1/models': apiKeyRoute,
  'GET /openai/v1/audio/voices': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-speech/{voice_id}': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-speech/{voice_id}/stream': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-speech/{voice_id}/with-timestamps': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-speech/{voice_id}/stream/with-timestamps': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-dialogue/': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-dialogue/stream': apiKeyRoute,
  'POST /elevenlabs/v1/text-to-dialogue/with-timestamps': apiKeyRoute,
  'GET /elevenlabs/v1/voices': apiKeyRoute,
  'GET /elevenlabs/v1/voices/{voice_id}': apiKeyRoute,
  'DELETE /elevenlabs/v1/voices/{voice_id}': apiKeyRoute,
  'POST /elevenlabs/v1/voices/add': apiKeyRoute,
  'GET /elevenlabs/v1/models': apiKeyRoute,
  'GET /elevenlabs/v2/voices': apiKeyRoute,
  'GET /elevenlabs/v1/user': apiKeyRoute,
  'GET /elevenlabs/v1/user/subscription': apiKeyRoute,
  'GET /api/health': { access: 'public' },
  'GET /api/config': { access: 'public' },
  'POST /api/newsletter': { access: 'public', request: () => ({ body: { email: 'matrix-reader@example.com' } }) },
  'GET /api/credit-packs': { access: 'public' },
  'GET /api/sign-in-options': { access: 'public' },
  'GET /api/elevenlabs/voices': { access: 'public' },
  'GET /api/elevenlabs/models': { access: 'public' },
  'GET /api/minimax/voices': { access: 'public' },
  'GET /api/voices/{voiceId}/preview.mp3': { access: 'public', request: () => ({ params: { voiceId: PRESET_VOICE } }) },
  'POST /api/admin/session': { access: 'public', request: () => ({ body: ADMIN }) },

  'GET /api/me': { access: 'user' },
  // The account page's routes act on the caller's own account only; another user's calls below
  // are refused by the account's own checks (its password, its email), never reach the owner's.
  'GET /api/account/profile': { access: 'user' },
  'PATCH /api/account/profile': { access: 'user', request: () => ({ body: { name: 'Renamed on the account page' } }) },
  'POST /api/account/email': {
    access: 'user',
    request: () => ({ body: { email: 'matrix-new-address@example.com', password: 'not the password' } }),
  },
  'POST /api/account/password': {
    access: 'user',
    request: () => ({ body: { currentPassword: 'not the password', newPassword: 'matrix password 123' } }),
  },
  'GET /api/account/sessions': { access: 'user' },
  'POST /api/account/sessions/end-others': {
    access: 'user',
    skipSignedIn: 'it ends the caller’s other sessions, which other rows may hold; test/account-area ends them',
  },
  'GET /api/account/billing': { access: 'user' },
  'GET /api/account/export': { access: 'user' },
  'POST /api/account/delete': {
    access: 'user',
    request: () => ({ body: { confirmEmail: 'not-the-callers-email@example.com' } }),
  },
  'GET /api/me/events': {
    access: 'user',
    skipSignedIn: 'an endless event stream (inject waits for the end); it is keyed by the caller’s own session',
  },
  'POST /api/purchases': {
    access: 'user',
    request: () => ({ body: { packId: 'starter', idempotencyKey: nextPurchaseKey() } }),
  },
  'POST /api/elevenlabs/tts': {
    access: 'user',
    request: () => ({ body: { text: SHORT_TEXT, voice_id: PRESET_VOICE, model_id: 'espeak-ng' } }),
  },
  'GET /api/minimax/tasks': { access: 'user' },
  'GET /api/preferences': { access: 'user' },
  'PUT /api/preferences': { access: 'user', request: () => ({ body: { preferredVoiceId: PRESET_VOICE } }) },
  // No form: anonymous is refused before the upload is read, and a user's empty form is refused
  // as such (cloning a real sample here would only add seconds).
  'POST /api/voice/clone': { access: 'user' },
  // No lines: anonymous is refused before the body is read, and a user's empty dialogue as such.
  'POST /api/dialogue': { access: 'user' },
  'GET /api/voice/cloned': { access: 'user' },
  'DELETE /api/voice/': { access: 'user' },

  'POST /api/tts': {
    access: 'owner',
    // The voice is named in the body, where an unknown voice is a 400 like any bad field.
    refusals: [400, 403, 404],
    request: (f) => ({ body: { text: SHORT_TEXT, voice_setting: { voice_id: f.owner.voiceId } } }),
  },
  'GET /api/task/{id}': { access: 'owner', request: ownTask },
  'GET /api/elevenlabs/task/{id}': { access: 'owner', request: ownTask },
  'GET /api/voice/{id}/sample.mp3': { access: 'owner', request: (f) => ({ params: { id: f.owner.voiceId } }) },
  'DELETE /api/voice/{id}': {
    access: 'owner',
    noControl: 'it would delete the voice; the test checks afterwards that the voice is still there',
    request: (f) => ({ params: { id: f.owner.voiceId } }),
  },
  'GET /api/task/': { access: 'no-target' },
  'GET /api/elevenlabs/task/': { access: 'no-target' },
  'GET /api/files/tasks/{taskId}/{name}': { access: 'signed-link' },

  'GET /api/admin/session': { access: 'staff' },
  'GET /api/admin/health': { access: 'staff' },
  'GET /api/admin/newsletter/subscribers.csv': { access: 'staff' },
  'POST /api/admin/password': {
    access: 'staff',
    noControl: 'it would replace the staff password the suite signs in with',
    request: () => ({ body: { password: 'a-new-admin-password-123' } }),
  },
  'DELETE /api/admin/session': { access: 'staff', endsSession: true },
  'GET /api/admin/users': { access: 'staff', request: () => ({ query: { search: 'example' } }) },
  'POST /api/admin/users/{uid}/balance/add': {
    access: 'staff',
    request: (f) => ({ params: { uid: f.owner.userId }, body: { amount: 5 } }),
  },
  'POST /api/admin/users/{uid}/balance/deduct': {
    access: 'staff',
    request: (f) => ({ params: { uid: f.owner.userId }, body: { amount: 1 } }),
  },
  'GET /api/admin/users/{uid}': { access: 'staff', request: (f) => ({ params: { uid: f.owner.userId } }) },
  'POST /api/admin/users/{uid}/suspend': {
    access: 'staff',
    noControl: 'it would lock the owner out for the rest of the suite; test/admin/staff-self-service.test.ts suspends',
    request: (f) => ({ params: { uid: f.owner.userId } }),
  },
  'POST /api/admin/users/{uid}/reinstate': { access: 'staff', request: (f) => ({ params: { uid: f.owner.userId } }) },
  'POST /api/admin/users/{uid}/password-reset-link': {
    access: 'staff',
    request: (f) => ({ params: { uid: f.owner.userId } }),
  },
  'POST /api/admin/default-credits': { access: 'staff' },
  'GET /api/admin/setup': { access: 'staff' },
  'GET /api/admin/models': { access: 'staff' },
  'POST /api/admin/models': { access: 'staff', request: () => ({ body: denoiserUpload() }) },
  'DELETE /api/admin/models/{name}': {
    access: 'staff',
    noControl: 'it removes a model; test/models/admin-models.test.ts removes one and checks it is gone',
    request: () => ({ params: { name: 'gtcrn_simple' } }),
  },
  'POST /api/admin/models/{name}/install': {
    access: 'staff',
    noControl:
      'it would start a download from the publisher; test/models/install-jobs.test.ts installs from a loopback mirror',
    request: () => ({ params: { name: 'gtcrn_simple' } }),
  },
  'DELETE /api/admin/models/{name}/install': {
    access: 'staff',
    noControl: 'no install runs here to cancel; test/models/install-jobs.test.ts cancels one',
    request: () => ({ params: { name: 'gtcrn_simple' } }),
  },
  'GET /api/admin/models/recommended': { access: 'staff', request: () => ({ query: { languages: 'en,de' } }) },
  'POST /api/admin/models/recommended': {
    access: 'staff',
    noControl:
      'it would start downloads from the publisher; test/models/install-jobs.test.ts installs a set from a mirror',
    request: () => ({ body: { languages: ['en'] } }),
  },

  // The better-auth bridge, which the description hides.
  'GET /api/auth/get-session': { access: 'public' },
  'GET /api/auth/list-sessions': { access: 'user' },
  'POST /api/auth/update-user': { access: 'user', request: () => ({ body: { name: 'Renamed by the matrix' } }) },
};

/** Routes that serve an anonymous caller too (the landing demo), so they validate for anyone. */
const DEMO_ROUTES = new Set(['POST /api/tts', 'GET /api/task/{id}', 'GET /api/elevenlabs/task/{id}']);

const BRIDGE_ROUTES = AUTH_BRIDGE_OPERATIONS.filter((route) => MATRIX[route.key]);

type Caller = 'anonymous' | 'another user' | 'a non-staff user' | 'the owner' | 'staff';

function cookieOf(caller: Caller, f: SecurityFixtures): string | undefined {
  if (caller === 'another user') return f.stranger.cookie;
  if (caller === 'a non-staff user' || caller === 'the owner') return f.owner.cookie;
  if (caller === 'staff') return f.staffCookie;
  return undefined;
}

async function callRoute(
  app: FastifyInstance,
  route: Pick<ApiOperation, 'method' | 'path'>,
  parts: RequestParts,
  cookie: string | undefined,
) {
  const query = parts.query ? `?${new URLSearchParams(parts.query)}` : '';
  const url = fillPath(route.path, parts.params ?? {}) + query;
  // Sent from our own origin, as the web app would: the cross-site guard is csrf.test.ts's subject.
  const response = await app.inject({
    method: route.method,
    url,
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    ...(parts.body === undefined ? {} : { payload: parts.body as object }),
  });
  return { url, status: response.statusCode, body: response.body };
}

const is2xx = (status: number) => status >= 200 && status < 300;

/** What each caller must get for each kind of route; undefined means the caller is not tried. */
function expectedFor(rule: Rule, caller: Caller): { test: (status: number) => boolean; says: string } | undefined {
  const oneOf = (statuses: number[]) => ({ test: (s: number) => statuses.includes(s), says: statuses.join(' or ') });
  const served = { test: is2xx, says: 'a 2xx' };
  const refusedClearly = { test: (s: number) => s >= 400 && s < 500, says: 'a 4xx' };
  switch (rule.access) {
    case 'public':
      return caller === 'anonymous' || caller === 'another user' ? served : undefined;
    case 'user':
      if (caller === 'anonymous') return oneOf([401]);
      if (caller === 'another user') {
        return { test: (s) => s < 500 && s !== 401 && s !== 403, says: 'their own answer (not 401/403/5xx)' };
      }
      return undefined;
    case 'owner':
      if (caller === 'anonymous') return oneOf([...new Set([401, ...(rule.refusals ?? [403, 404])])]);
      if (caller === 'another user') return oneOf(rule.refusals ?? [403, 404]);
      if (caller === 'the owner' && !rule.noControl) return served;
      return undefined;
    case 'staff':
      if (caller === 'anonymous') return oneOf([401]);
      if (caller === 'a non-staff user' || caller === 'another user') return oneOf([401, 403]);
      if (caller === 'staff' && !rule.noControl) return served;
      return undefined;
    case 'no-target':
      return caller === 'anonymous' || caller === 'another user' ? refusedClearly : undefined;
    case 'signed-link':
      return undefined;
    case 'api-key':
      return oneOf([401]);
  }
}

const CALLERS: Caller[] = ['anonymous', 'another user', 'a non-staff user', 'the owner', 'staff'];

describe('authorization matrix', () => {
  it('gives every route a rule, and every caller only what the rule allows', async () => {
    const app = await securityApp({ workers: true });
    const f = await securityFixtures(app, { finished: true });
    // Money for the owner, so the staff control of a deduction has something to take.
    await callRoute(
      app,
      { method: 'POST', path: '/api/admin/users/{uid}/balance/add' },
      { params: { uid: f.owner.userId }, body: { amount: 100 } },
      f.staffCookie,
    );
    const described = await describedOperations(app);
    const routes = [...described, ...BRIDGE_ROUTES];
    const log = new CheckLog();

    for (const route of described) {
      log.check(Boolean(MATRIX[route.key]), () => `route ${route.key} has no authorization rule in the matrix`);
      const rule = MATRIX[route.key];
      if (route.path.startsWith('/api/admin/') && route.key !== 'POST /api/admin/session') {
        log.check(rule?.access === 'staff', () => `${route.key} is under /api/admin/ but its rule is not staff`);
      }
    }
    const describedKeys = new Set(routes.map((route) => route.key));
    for (const key of Object.keys(MATRIX)) {
      log.check(describedKeys.has(key), () => `the matrix has a rule for ${key}, which the app does not have`);
    }

    let calls = 0;
    for (const route of routes) {
      const rule = MATRIX[route.key];
      if (!rule) continue;
      for (const caller of CALLERS) {
        const expected = expectedFor(rule, caller);
        const cookie = cookieOf(caller, f);
        if (!expected || (cookie && caller !== 'staff' && rule.skipSignedIn)) continue;
        const sessionCookie = rule.endsSession && caller === 'staff' ? await adminCookie(app) : cookie;
        const answer = await callRoute(app, route, rule.request?.(f) ?? {}, sessionCookie);
        calls += 1;
        log.check(
          expected.test(answer.status),
          () => `${route.key} as ${caller}: ${answer.status} ${excerpt(answer.body)} (want ${expected.says})`,
        );
        if (caller === 'the owner' || caller === 'staff') continue;
        const leaked = leakedMarker(f.owner, answer.body);
        log.check(
          !leaked,
          () => `${route.key} as ${caller} shows the owner’s data (${leaked}): ${excerpt(answer.body)}`,
        );
        if (caller === 'a non-staff user') {
          log.check(
            !answer.body.includes(f.stranger.email),
            () => `${route.key} as a non-staff user lists another user: ${excerpt(answer.body)}`,
          );
        }
      }
    }

    // The destructive routes were refused for everyone else: the owner still has the voice.
    const voices = await callRoute(app, { method: 'GET', path: '/api/voice/cloned' }, {}, f.owner.cookie);
    log.check(voices.body.includes(f.owner.voiceId), () => `the owner’s voice is gone after others tried to delete it`);

    log.summary(
      'authz matrix',
      `${routes.length} routes (${described.length} described + ${BRIDGE_ROUTES.length} auth bridge) x up to 3 callers + controls, ${calls} calls`,
    );
    expect(log.failures).toEqual([]);
    // Every route by up to four callers, the pronunciation routes included; 90 s ran out on a loaded machine.
  }, 150_000);

  it('checks the caller before the request: malformed input gets 401 or 403, never a 400', async () => {
    const app = await securityApp({ workers: false });
    const user = await signedInUser(app);
    const log = new CheckLog();
    // Path parameters that are no id, number or format (short enough for the router to match),
    // a query out of range, and a body that is not even JSON: a route that validated first would
    // answer 400.
    const junk = '!'.repeat(40);
    const malformed = async (route: ApiOperation, cookie: string | undefined) => {
      const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, junk]));
      const withBody = route.method !== 'GET';
      const response = await app.inject({
        method: route.method,
        url: `${fillPath(route.path, params)}?limit=-1&page=-1&languages=${junk}`,
        headers: {
          origin: ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(withBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(withBody ? { payload: '{"malformed": ' } : {}),
      });
      return { status: response.statusCode, body: response.body };
    };
    let calls = 0;
    for (const route of await describedOperations(app)) {
      const access = MATRIX[route.key]?.access;
      if (access !== 'user' && access !== 'owner' && access !== 'staff') continue;
      // The landing demo speaks and polls without an account: a bad request there is a 400 for anyone.
      if (DEMO_ROUTES.has(route.key)) continue;
      const anonymous = await malformed(route, undefined);
      calls += 1;
      log.check(
        anonymous.status === 401,
        () => `${route.key}, malformed, as anonymous: ${anonymous.status} ${excerpt(anonymous.body)} (want 401)`,
      );
      if (access !== 'staff') continue;
      const nonStaff = await malformed(route, user.cookie);
      calls += 1;
      log.check(
        nonStaff.status === 401 || nonStaff.status === 403,
        () =>
          `${route.key}, malformed, as a non-staff user: ${nonStaff.status} ${excerpt(nonStaff.body)} (want 401 or 403)`,
      );
    }
    log.summary('guards before validation', `${calls} malformed calls`);
    expect(calls).toBeGreaterThan(30);
    expect(log.failures).toEqual([]);
  }, 60_000);

  it('serves a task’s files only through its signed links', async () => {
    const app = await securityApp({ workers: true });
    const f = await securityFixtures(app, { finished: true, voice: false });
    const log = new CheckLog();
    const links = [f.owner.audioUrl, f.owner.transcriptUrl].map((link) => {
      if (!link) throw new Error('the owner’s finished task has both links');
      const url = new URL(link);
      return {
        path: url.pathname,
        expires: url.searchParams.get('expires') ?? '',
        sig: url.searchParams.get('sig') ?? '',
      };
    });
    const [audio, transcript] = links as [(typeof links)[number], (typeof links)[number]];
    const flip = (sig: string) => `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const forged: Record<string, string> = {
      'no query': audio.path,
      'no signature': `${audio.path}?expires=${audio.expires}`,
      'an empty signature': `${audio.path}?expires=${audio.expires}&sig=`,
      'a changed signature': `${audio.path}?expires=${audio.expires}&sig=${flip(audio.sig)}`,
      'a later expiry': `${audio.path}?expires=${Number(audio.expires) + 3600}&sig=${audio.sig}`,
      'the transcript’s signature': `${audio.path}?expires=${transcript.expires}&sig=${transcript.sig}`,
      'another file name': `${audio.path.replace(/[^/]+$/, 'sample.wav')}?expires=${audio.expires}&sig=${audio.sig}`,
      'a parent path as the name': `${audio.path.replace(/[^/]+$/, '..%2F..%2Fvoice-samples')}?expires=${audio.expires}&sig=${audio.sig}`,
    };
    for (const cookie of [undefined, f.stranger.cookie, f.owner.cookie]) {
      for (const [how, url] of Object.entries(forged)) {
        const response = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
        const refusal = how.startsWith('no ') ? [400, 403, 404] : [403, 404];
        log.check(
          refusal.includes(response.statusCode),
          () => `GET ${url} (${how}) -> ${response.statusCode} ${excerpt(response.body)} (want ${refusal.join('/')})`,
        );
      }
    }
    // Control: the real links work for anyone who holds them, signed in or not.
    for (const link of links) {
      const response = await app.inject({ method: 'GET', url: `${link.path}?expires=${link.expires}&sig=${link.sig}` });
      log.check(response.statusCode === 200, () => `the real link ${link.path} -> ${response.statusCode}`);
    }
    log.summary('signed file links', `${Object.keys(forged).length} forged links x 3 callers + 2 real links`);
    expect(log.failures).toEqual([]);
  }, 60_000);
});
