/**
 * A request's path as the router and the web app see it: percent-decoded (so `/%61pi` is `/api`)
 * and lower-cased; an undecodable path stays as sent.
 */
export function decodedLowerPath(url: string): string {
  const path = url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path).toLowerCase();
  } catch {
    return path.toLowerCase();
  }
}
