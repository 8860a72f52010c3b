import type { Server } from 'node:http';
import Provider from 'oidc-provider';
import { reservedRangePort } from './server.js';

export const OIDC_CLIENT = { id: 'sayso-e2e', secret: 'e2e-client-secret-that-is-long-enough' } as const;

export interface IdentityProvider {
  issuer: string;
  stop(): Promise<void>;
}

/**
 * A real OpenID Connect issuer (panva's oidc-provider) on loopback. Its development login form
 * accepts any login name; that name becomes the subject, and `<name>@example.test` the email.
 * Grants are given without a consent screen, as a company identity provider usually does.
 */
export async function startIdentityProvider(appBaseUrls: string[], issuerPort: number): Promise<IdentityProvider> {
  const issuer = `http://127.0.0.1:${issuerPort}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: OIDC_CLIENT.id,
        client_secret: OIDC_CLIENT.secret,
        // One client for every server of the run (one per worker slot), each with its own callback.
        redirect_uris: appBaseUrls.map((appBaseUrl) => `${appBaseUrl}/api/auth/callback/oidc`),
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => ({ sub, email: `${sub}@example.test`, email_verified: true, name: `Test ${sub}` }),
    }),
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    cookies: { keys: ['e2e-cookie-key'] },
  });
  const server: Server = provider.listen(issuerPort, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return {
    issuer,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function identityProviderPort(): Promise<number> {
  return reservedRangePort();
}
