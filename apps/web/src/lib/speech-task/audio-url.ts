/**
 * The spec's audio URL rules (section 4): a proxy URL carrying the real address in its `url`
 * query parameter is unwrapped to that address; a proxy URL with a `file` parameter is kept, made
 * absolute when relative; any other URL is used as it is.
 */
export function normalizeAudioUrl(raw: string, origin: string = window.location.origin): string {
  let parsed: URL;
  try {
    parsed = new URL(raw, origin);
  } catch {
    return raw;
  }
  const wrapped = parsed.searchParams.get('url');
  if (wrapped) return wrapped;
  if (parsed.searchParams.has('file')) return parsed.toString();
  return raw;
}
