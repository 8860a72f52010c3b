/** Where each SDK dialect is served, for a page shown at `origin`. */
export function dialectBaseUrls(origin: string): { openai: string; elevenlabs: string } {
  const base = origin.replace(/\/+$/, '');
  return { openai: `${base}/openai/v1`, elevenlabs: `${base}/elevenlabs` };
}

/**
 * A curl request for the OpenAI dialect in three lines, ready to paste; the key is read from an
 * environment variable so it never lands in shell history.
 */
export function curlExample(origin: string): string {
  const { openai } = dialectBaseUrls(origin);
  return [
    `curl ${openai}/audio/speech \\`,
    `  -H "Authorization: Bearer $SAYSO_API_KEY" -H "Content-Type: application/json" \\`,
    `  -d '{"model":"tts-1","voice":"alloy","input":"Hello from Sayso!"}' -o speech.mp3`,
  ].join('\n');
}
