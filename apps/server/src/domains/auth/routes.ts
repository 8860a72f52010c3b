import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AppError } from '../../http/errors.js';
import { inAuthCall } from './auth-calls.js';
import { publicAuthReply } from './public-reply.js';
import { type Auth, CLIENT_IP_HEADER } from './service.js';
import type { SessionCache } from './session-cache.js';
import { accountKeyOf, noteSignInFailure, refuseWhileThrottled, type SignInFailureKey } from './sign-in-throttle.js';
import { clearedUserCookie } from './user-cookie.js';

function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  // Fastify decides the client address (trusting proxies only when configured); better-auth
  // rate-limits by this header alone.
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

function webBody(request: FastifyRequest): string | undefined {
  if (request.method === 'GET' || request.method === 'HEAD' || request.body === undefined) return undefined;
  if (typeof request.body === 'string') return request.body;
  try {
    return JSON.stringify(request.body);
  } catch (error) {
    // JSON.parse takes nesting that JSON.stringify's recursion cannot: the sender's fault, not ours.
    if (error instanceof RangeError) throw new AppError('BODY_TOO_DEEP');
    throw error;
  }
}

const isJson = (response: Response) => (response.headers.get('content-type') ?? '').includes('application/json');

/** The path better-auth acts on, decoded as the router decoded it (an undecodable one stays as sent). */
function decodedPath(url: URL): string {
  try {
    return decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
}

/**
 * The body the browser gets: better-auth's JSON through publicAuthReply (no session tokens, the
 * sign-up wording), anything else (redirect pages, say) as it came.
 */
async function replyBody(url: URL, response: Response): Promise<{ status: number; payload: Buffer }> {
  const raw = Buffer.from(await response.arrayBuffer());
  if (!isJson(response) || raw.length === 0) return { status: response.status, payload: raw };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    return { status: response.status, payload: raw };
  }
  const { status, body } = publicAuthReply(decodedPath(url), { status: response.status, body: parsed });
  return { status, payload: Buffer.from(JSON.stringify(body)) };
}

/** The one path better-auth checks email passwords at (it answers no other spelling of it). */
const EMAIL_SIGN_IN_PATH = '/api/auth/sign-in/email';
/** Where attempts whose email cannot be read go: one shared allowance per address, not one each. */
const UNREADABLE_EMAIL = 'unreadable email';

/** The email a sign-in body names, sent as JSON or as a form; null unless there is exactly one. */
function signInEmail(body: unknown): string | null {
  if (typeof body === 'string') {
    const emails = new URLSearchParams(body).getAll('email');
    return emails.length === 1 ? (emails[0] ?? null) : null;
  }
  if (typeof body === 'object' && body !== null && 'email' in body && typeof body.email === 'string') {
    return body.email;
  }
  return null;
}

/**
 * Whose failures an email sign-in counts against: the address and the account it names, so one
 * person's typos lock out only that account there, not colleagues behind the same address.
 */
function emailSignInKey(request: FastifyRequest, url: URL): SignInFailureKey | null {
  if (request.method !== 'POST' || url.pathname !== EMAIL_SIGN_IN_PATH) return null;
  const email = signInEmail(request.body);
  return { door: 'user', clientIp: request.ip, accountKey: accountKeyOf(email ?? UNREADABLE_EMAIL) };
}

interface AuthRoutesOptions {
  publicUrl: string;
  /** Failed email sign-ins to one account from one address within a minute before a 429. */
  failedSignInsPerMinute: number;
}

/**
 * Hands /api/auth/* to better-auth, translating between Fastify and the Fetch API. Email sign-ins
 * are throttled here per address and account (better-auth can only key by address, and holds the
 * looser per-address ceiling).
 */
/**
 * better-auth writes what update-user is given and fails inside the database on a name that is not
 * text (a 500); the fields a user may change are checked here first, so bad input is a clear 400.
 */
function checkProfileUpdate(request: FastifyRequest, url: URL): void {
  if (request.method !== 'POST' || url.pathname !== '/api/auth/update-user') return;
  const body = request.body;
  if (typeof body !== 'object' || body === null) return;
  for (const field of ['name', 'image'] as const) {
    const value = (body as Record<string, unknown>)[field];
    if (value !== undefined && typeof value !== 'string' && !(field === 'image' && value === null)) {
      throw new AppError('INVALID_PROFILE_UPDATE', field);
    }
  }
}

export function authRoutes(
  auth: Auth,
  sessions: SessionCache,
  { publicUrl, failedSignInsPerMinute }: AuthRoutesOptions,
): FastifyPluginAsync {
  const secureCookies = publicUrl.startsWith('https://');
  const signInRule = { windowSeconds: 60, failuresAllowed: failedSignInsPerMinute };
  return async (app) => {
    // OAuth providers may post their answer as a form; better-auth parses it itself.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );

    app.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        const url = new URL(request.url, publicUrl);
        checkProfileUpdate(request, url);
        const signInKey = emailSignInKey(request, url);
        if (signInKey) await refuseWhileThrottled(app.db, signInKey, signInRule);
        const body = webBody(request);
        const webRequest = new Request(url, {
          method: request.method,
          headers: webHeaders(request),
          ...(body ? { body } : {}),
        });
        let response: Response;
        try {
          response = await inAuthCall(() => auth.handler(webRequest));
        } finally {
          // Every change better-auth makes to sessions or users comes through a POST here (sign-out,
          // revoking, password changes and resets, profile updates): cached sessions go at once.
          if (request.method === 'POST') sessions.clear();
        }
        // A wrong password and an unknown email both answer 401, and count alike.
        if (signInKey && response.status === 401) await noteSignInFailure(app.db, signInKey);
        const { status, payload } = await replyBody(url, response);
        reply.status(status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        });
        // better-auth names its wait X-Retry-After; browsers and clients know Retry-After.
        const retryAfter = response.headers.get('x-retry-after');
        if (retryAfter) reply.header('retry-after', retryAfter);
        const cookies = response.headers.getSetCookie();
        if (url.pathname === '/api/auth/sign-out') cookies.push(clearedUserCookie(secureCookies));
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(payload);
      },
    });
  };
}
