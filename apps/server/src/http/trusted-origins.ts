const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the web app is served from: PUBLIC_URL's, and when that is a loopback address, the
 * same port under every loopback name, since a developer may open 127.0.0.1 while PUBLIC_URL says
 * localhost. Both the cross-site guard and better-auth trust exactly these.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  const aliases = LOOPBACK_HOSTS.map((host) => {
    const alias = new URL(url.origin);
    alias.hostname = host;
    return alias.origin;
  });
  return [...new Set([url.origin, ...aliases])];
}
