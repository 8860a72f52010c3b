import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './api-paths.js';
import { decodedLowerPath } from './request-path.js';

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * One policy for the web app, the API and the API documentation: scripts, styles and fonts come
 * only from this origin (the built app and Swagger UI load every script from a file). Inline
 * styles are allowed because Radix dialogs inject a style element to lock page scroll. Images may
 * be remote account pictures (Google); audio may be a blob the page made, or a provider's remote
 * voice preview (ElevenLabs serves those from its own storage).
 */
function contentSecurityPolicy(servedOverHttps: boolean): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // 'wasm-unsafe-eval' lets the page's own WebAssembly compile (LAME in the sample conversion
    // worker); it allows no JavaScript eval.
    'script-src': ["'self'", "'wasm-unsafe-eval'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'media-src': ["'self'", 'blob:', 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    // Over plain http (a LAN address, say) upgrading would send every asset request to a port
    // that does not speak TLS.
    ...(servedOverHttps ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * The sign-in popup travels to another origin and returns, then reports to its opener. Every
 * answer on its way gets no opener policy of our own, so nothing on our side severs that link:
 * its pages (/auth/popup, /auth/popup/done) and the auth routes the identity provider redirects
 * it through (/api/auth/...), because Chromium applies an opener policy to each redirect too.
 */
const SIGN_IN_POPUP_PATHS = ['/auth/popup', '/api/auth/'];
/** The same prefixes for a URL with nothing percent-encoded: no decoding needed to compare. */
const SIGN_IN_POPUP_PLAIN = /^\/(?:auth\/popup|api\/auth\/)/i;
const isSignInPopup = (request: FastifyRequest) => {
  const { url } = request;
  if (!url.includes('%')) return SIGN_IN_POPUP_PLAIN.test(url);
  const path = decodedLowerPath(url);
  return SIGN_IN_POPUP_PATHS.some((prefix) => path.startsWith(prefix));
};

/**
 * Signed file links are handed to API clients, whose own pages may play them: those may be
 * loaded by other sites; everything else only by ours.
 */
const isSignedFile = (route: string | undefined) => route?.startsWith('/api/files/') === true;

/**
 * The headers helmet writes for our options, worked out once: helmet's middleware run against a
 * response that only records them. Building helmet's middleware per request (as @fastify/helmet
 * does) re-parses the whole policy for every answer.
 */
export function securityHeaderSet(servedOverHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(servedOverHttps) },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: servedOverHttps ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
  });
  // helmet's middleware only sets and removes headers, and calls back before it returns.
  middleware(
    {} as Parameters<typeof middleware>[0],
    recorder as unknown as Parameters<typeof middleware>[1],
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return headers;
}

/**
 * What an API answer needs, from OWASP's guidance for REST services: it is data, never a page, so
 * a browser that opens one directly may run and load nothing from it (only its own audio, which a
 * tab plays in a media document of its own), and none may frame it. The page-only headers
 * (opener policy, agent clustering, prefetch and legacy browser switches) say nothing about data,
 * and the full page policy made every JSON answer about 500 bytes longer.
 */
const API_POLICY = "default-src 'none'; media-src 'self'; frame-ancestors 'none'";
const HEADERS_API_ANSWERS_KEEP = [
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'cross-origin-resource-policy',
  'strict-transport-security',
];

export function apiHeaderSet(pageHeaders: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = { 'content-security-policy': API_POLICY };
  for (const name of HEADERS_API_ANSWERS_KEEP) {
    const value = pageHeaders[name];
    if (value !== undefined) headers[name] = value;
  }
  return headers;
}

/** An answer of one of the APIs; their documentation is a page (Swagger UI), and so is any unrouted path. */
const isApiAnswer = (route: string | undefined) =>
  route !== undefined && isApiPath(route) && !route.startsWith('/api/docs');

/**
 * Security headers on every answer, from two sets computed at start-up. Pages, assets and the API
 * documentation get the page policy above, nosniff, no framing, a referrer that names only our
 * origin to other sites, and HSTS when PUBLIC_URL is https; their Cross-Origin-Opener-Policy is
 * `same-origin-allow-popups`, which cuts other sites' windows off from ours but keeps the sign-in
 * popup we open able to report back. API answers get the API set (`apiHeaderSet`).
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const pageHeaders = securityHeaderSet(publicUrl.startsWith('https://'));
  const apiHeaders = apiHeaderSet(pageHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    // Read once: Fastify builds a new options object on every read.
    const route = request.routeOptions.url;
    if (isApiAnswer(route)) {
      reply.headers(apiHeaders);
    } else {
      reply.headers(pageHeaders);
      if (!isSignInPopup(request)) reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    }
    if (isSignedFile(route)) reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
}
