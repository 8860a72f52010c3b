import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';

const TASK_ID = 'a'.repeat(32);
const SIGNATURE = 'c2VjcmV0LXNpZ25hdHVyZS1mb3ItdGhlLWxvZw';

/** An app that logs requests at info level into an array of parsed lines. */
async function appWithLogs() {
  const lines: string[] = [];
  const app = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => void lines.push(line) } });
  const loggedUrls = () =>
    lines
      .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);
  return { app, lines, loggedUrls };
}

describe('request logs', () => {
  it('leave the signature of a file link out, however the path is spelled', async () => {
    const { app, lines, loggedUrls } = await appWithLogs();
    const query = `?expires=${Math.floor(Date.now() / 1000) + 3600}&sig=${SIGNATURE}`;
    for (const path of [`/api/files/tasks/${TASK_ID}/audio.mp3`, `/%61pi/files/tasks/${TASK_ID}/transcript.srt`]) {
      const response = await app.inject({ method: 'GET', url: `${path}${query}` });
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(SIGNATURE);
    expect(loggedUrls()).toEqual([
      `/api/files/tasks/${TASK_ID}/audio.mp3?[redacted]`,
      `/%61pi/files/tasks/${TASK_ID}/transcript.srt?[redacted]`,
    ]);
  });

  it('keep the query of other routes, which carries no secret', async () => {
    const { app, loggedUrls } = await appWithLogs();
    await app.inject({ method: 'GET', url: '/api/credit-packs?view=all' });
    expect(loggedUrls()).toEqual(['/api/credit-packs?view=all']);
  });
});
