/**
 * Where the server's APIs live: the web app's own under /api, and the public API's two dialects
 * (OpenAI's under /openai, ElevenLabs' under /elevenlabs). Any other path is a page or an asset.
 */
const API_PREFIXES = ['/api/', '/openai/', '/elevenlabs/'];

export const isApiPath = (pathname: string) =>
  API_PREFIXES.some((prefix) => pathname.startsWith(prefix) || pathname === prefix.slice(0, -1));
