import type { SignInOptions } from '@sayso/contract/account';
import { betterAuth } from 'better-auth';
import { APIError } from 'better-auth/api';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { trustedOrigins } from '../../http/trusted-origins.js';
import { inAuthCall } from './auth-calls.js';
import { type SessionCache, sessionCookieValue } from './session-cache.js';

/** The header through which the HTTP bridge hands better-auth the client address Fastify trusts. */
export const CLIENT_IP_HEADER = 'x-sayso-client-ip';

const DAY_SECONDS = 24 * 60 * 60;

/** How long a mailed password reset link works. */
const RESET_LINK_SECONDS = 60 * 60;

interface AuthHooks {
  /** A user was created by any sign-in method. */
  onUserCreated(userId: string): Promise<void>;
  /** A session began: every successful sign-in. */
  onSignedIn(userId: string): Promise<void>;
  /**
   * Mails a "Forgot password?" link; absent when no outgoing mail is configured, and then
   * better-auth refuses reset requests (staff make one-time reset links instead).
   */
  sendPasswordReset?: (to: { email: string; name: string }, link: string) => Promise<void>;
  /** Before any session begins: throws an AppError (a suspended account, say) to refuse it. */
  beforeSignIn(userId: string): Promise<void>;
}

interface CreateAuthOptions {
  config: Config;
  db: Kysely<Database>;
  secret: string;
  logger: FastifyBaseLogger;
  hooks: AuthHooks;
}

/**
 * Sign-in through better-auth: local email + password accounts, Google, and any OpenID Connect
 * issuer, as configured. Sessions live in the database; the cookie is HttpOnly and SameSite=Lax.
 */
export function createAuth({ config, db, secret, logger, hooks }: CreateAuthOptions) {
  const { auth } = config;
  // Failures per account are limited in front of better-auth (auth/routes.ts); here every email
  // sign-in from an address counts towards a ceiling that an office of colleagues stays under.
  const signInLimit = { window: 60, max: auth.signInAttemptsPerAddressPerMinute };
  // Each sign-up answer tells whether an email had an account (decision 0014), so an address gets
  // four minutes' worth of sign-in attempts per hour: enough for a household, little for a prober.
  const signUpLimit = { window: 3600, max: auth.signInAttemptsPerMinute * 4 };
  // Hook failures are logged and never block sign-in (spec section 4 and 8).
  const safely = (what: string, work: () => Promise<void>) =>
    work().catch((error: unknown) => logger.error({ err: error }, `${what} failed`));

  return betterAuth({
    appName: 'Sayso',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    // The transaction flag stays off: on PGlite a hook that queried outside the transaction
    // would wait for the single connection the transaction holds.
    database: { db, type: 'postgres', transaction: false },
    emailAndPassword: {
      enabled: auth.localAccounts,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      autoSignIn: true,
      ...passwordResetByMail(hooks.sendPasswordReset, safely),
    },
    socialProviders: auth.google
      ? { google: { clientId: auth.google.clientId, clientSecret: auth.google.clientSecret, prompt: 'select_account' } }
      : {},
    plugins: auth.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: 'oidc',
                name: auth.oidc.name,
                discoveryUrl: `${auth.oidc.issuer}/.well-known/openid-configuration`,
                clientId: auth.oidc.clientId,
                clientSecret: auth.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
                // Only an id_token signed by the issuer's keys, for this client, with our nonce, counts.
                requireIdTokenVerification: true,
              },
            ],
          }),
        ]
      : [],
    session: { expiresIn: auth.sessionIdleDays * DAY_SECONDS, updateAge: DAY_SECONDS },
    // Identities are matched by provider and subject only: an email address never joins two.
    account: { accountLinking: { enabled: false } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 120,
      // Passwords are guessed only at the email routes. Starting an external sign-in risks no
      // password, so it gets room for a household behind one address, not better-auth's 3 per 10 s.
      customRules: {
        '/sign-in/email': signInLimit,
        '/sign-up/email': signUpLimit,
        '/sign-in/social': { window: 60, max: 30 },
      },
    },
    advanced: { cookiePrefix: 'sayso', ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    databaseHooks: {
      user: { create: { after: async (user) => safely('account set-up', () => hooks.onUserCreated(user.id)) } },
      session: {
        create: {
          // better-auth answers an APIError with its status and words; any other error would be a 500.
          before: async (session) => {
            try {
              await hooks.beforeSignIn(session.userId);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              throw new APIError(error.statusCode === 403 ? 'FORBIDDEN' : 'BAD_REQUEST', {
                message: error.message,
                code: error.code,
              });
            }
          },
          after: async (session) => safely('sign-in bookkeeping', () => hooks.onSignedIn(session.userId)),
        },
      },
    },
    // Errors that end an OAuth redirect (a forged state, say) land on the popup's finishing page,
    // which reports them to the opener instead of stranding the popup on a bare error page.
    onAPIError: { errorURL: `${config.publicUrl}/auth/popup/done` },
    telemetry: { enabled: false },
    logger: {
      log: (level, message) => logger[level]({ component: 'auth' }, message),
    },
  });
}

/**
 * better-auth's reset-by-mail settings: a link that works for an hour, and a reset that signs out
 * every session, since whoever knew the old password may still hold one. A mail that cannot be
 * sent is logged: the answer stays the one every request gets, so it tells no one which emails
 * have accounts.
 */
function passwordResetByMail(
  send: AuthHooks['sendPasswordReset'],
  safely: (what: string, work: () => Promise<void>) => Promise<void>,
) {
  if (!send) return {};
  return {
    resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
    revokeSessionsOnPasswordReset: true,
    sendResetPassword: async ({ user, url }: { user: { email: string; name: string }; url: string }) =>
      safely('password reset mail', () => send({ email: user.email, name: user.name }, url)),
  };
}

export type Auth = ReturnType<typeof createAuth>;

/** Which sign-in methods this installation offers: what is configured, and nothing secret. */
export function offeredSignInMethods(auth: Config['auth'], mail: Config['mail'] = null): SignInOptions {
  return {
    local: auth.localAccounts,
    passwordReset: auth.localAccounts && mail !== null,
    google: auth.google !== null,
    oidc: auth.oidc ? { name: auth.oidc.name } : null,
  };
}

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
}

/**
 * The user of the session a request's cookies carry, or a 401. Sessions expire after the idle
 * lifetime (better-auth slides it on use) and, whatever the activity, after the absolute lifetime,
 * when they are revoked here. A session read in the last few seconds answers from `cache` without
 * the database (decision 0024); the lifetimes are checked on every answer, cached or not.
 */
export async function sessionUser(
  auth: Auth,
  cookie: string | undefined,
  maxAgeDays: number,
  cache: SessionCache,
): Promise<SignedInUser> {
  const key = sessionCookieValue(cookie);
  const tooOld = (createdAt: number) => Date.now() - createdAt > maxAgeDays * DAY_SECONDS * 1000;
  const cached = key ? cache.get(key) : null;
  if (cached && !tooOld(cached.createdAt) && cached.expiresAt > Date.now()) return cached.user;

  const generation = cache.generation;
  const headers = () => new Headers(cookie ? { cookie } : {});
  const found = await inAuthCall(() =>
    auth.api.getSession({ headers: headers(), query: { disableCookieCache: true } }),
  );
  if (!found) throw new AppError('UNAUTHENTICATED');
  const createdAt = new Date(found.session.createdAt).getTime();
  if (tooOld(createdAt)) {
    await inAuthCall(() => auth.api.revokeSession({ headers: headers(), body: { token: found.session.token } }));
    cache.clear();
    throw new AppError('SESSION_EXPIRED');
  }
  const { id, email, name, image } = found.user;
  const user = { id, email, name, image: image ?? null };
  if (key) cache.set(key, { user, createdAt, expiresAt: new Date(found.session.expiresAt).getTime() }, generation);
  return user;
}
