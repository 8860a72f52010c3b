import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeS3, startFakeS3 } from '../fakes/s3-server.js';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
  // The AWS SDK reads its credentials from the process's environment, not from the app's config.
  vi.stubEnv('AWS_ACCESS_KEY_ID', s3.env.AWS_ACCESS_KEY_ID ?? '');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', s3.env.AWS_SECRET_ACCESS_KEY ?? '');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await s3.close();
});

async function renderedTask(env: Record<string, string>) {
  const app = await buildTestApp({ env: { ...s3.env, ...env } });
  const user = await signedInUser(app);
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie: user.cookie },
    payload: { text: 'Served by the bucket itself.', voice_id: 'espeak-en-us-f2', model_id: 'espeak-ng' },
  });
  const taskId = (submitted.json() as { task_id: string }).task_id;
  const task = await waitForTask(app, taskId, user.cookie);
  expect(task).toMatchObject({ status: 'done' });
  return { app, user, taskId, audioUrl: task.audio_url ?? '' };
}

describe('S3_SERVE=redirect', () => {
  it('answers a checked product link with a short-lived presigned address that the bucket serves, ranges included', async () => {
    const { app, audioUrl } = await renderedTask({ S3_SERVE: 'redirect', S3_PRESIGN_SECONDS: '60' });
    const answer = await app.inject({ method: 'GET', url: audioUrl });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const location = new URL(String(answer.headers.location));
    expect(location.origin).toBe(new URL(s3.env.S3_ENDPOINT ?? '').origin);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');

    const whole = await fetch(location);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('audio/mpeg');
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBeGreaterThan(1_000);
    const part = await fetch(location, { headers: { range: 'bytes=0-99' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 100));

    // The product link is still checked first: a forged signature gets no address.
    const forged = await app.inject({ method: 'GET', url: audioUrl.replace(/sig=[^&]+/, 'sig=forged') });
    expect(forged.statusCode).toBe(403);
  });

  it('sends history downloads to the bucket with their attachment name', async () => {
    const { app, user, taskId } = await renderedTask({ S3_SERVE: 'redirect' });
    const answer = await app.inject({
      method: 'GET',
      url: `/api/history/${taskId}/download/mp3`,
      headers: { cookie: user.cookie },
    });
    expect(answer.statusCode).toBe(302);
    const file = await fetch(String(answer.headers.location));
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="sayso-${taskId.slice(0, 8)}.mp3"`);
  });

  it('streams through the API by default', async () => {
    const { app, audioUrl } = await renderedTask({});
    const answer = await app.inject({ method: 'GET', url: audioUrl });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('audio/mpeg');
  });
});
