import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
const isSignInPopup = (request: FastifyRequest) => {
  const path = decodedLowerPath(request.url);
  return SIGN_IN_POPUP_PATHS.some((prefix) => path.startsWith(prefix));
};

/**
 * Signed file links are handed to API clients, whose own pages may play them: those may be
 * loaded by other sites; everything else only by ours.
 */
const isSignedFile = (request: FastifyRequest) => request.routeOptions.url?.startsWith('/api/files/') === true;

/**
 * Security headers on every answer (@fastify/helmet): the policy above, nosniff, no framing, a
 * referrer that names only our origin to other sites, and HSTS when PUBLIC_URL is https.
 * Cross-Origin-Opener-Policy is `same-origin-allow-popups`: it cuts other sites' windows off
 * from ours but keeps the sign-in popup we open able to report back.
 */
export async function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): Promise<void> {
  const servedOverHttps = publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(servedOverHttps) },
    crossOriginOpenerPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: servedOverHttps ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!isSignInPopup(request)) reply.header('cross-origin-opener-policy', 'same-origin-allow-popups');
    if (isSignedFile(request)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
}
