import { unzipSync } from 'fflate';
import { expect, it } from 'vitest';
import { apiUser } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';

const NARRATOR = 'espeak-en-us-f2';
const TEXT = 'Chapter 1\n\nA short first part.\n\nChapter 2\n\nAnd a short second part.';

it('creates a project from text, renders it, reads progress and downloads its ZIP with an API key', async () => {
  const app = await buildTestApp();
  const user = await apiUser(app);
  const headers = { 'xi-api-key': user.secret };

  const created = await app.inject({
    method: 'POST',
    url: '/elevenlabs/v1/projects',
    headers,
    payload: { title: 'By key', narrator_voice_id: NARRATOR, text: TEXT },
  });
  expect(created.statusCode, created.body).toBe(201);
  const project = created.json() as { id: string; chapters: { title: string }[] };
  expect(project.chapters.length).toBeGreaterThanOrEqual(1);

  const render = await app.inject({
    method: 'POST',
    url: `/elevenlabs/v1/projects/${project.id}/render`,
    headers,
    payload: { scope: 'project' },
  });
  expect(render.statusCode, render.body).toBe(202);
  let progress = { queued: 1, complete: false };
  for (let i = 0; i < 600 && progress.queued > 0; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    progress = (
      await app.inject({ method: 'GET', url: `/elevenlabs/v1/projects/${project.id}/progress`, headers })
    ).json();
  }
  expect(progress.complete).toBe(true);

  const zip = await app.inject({ method: 'GET', url: `/elevenlabs/v1/projects/${project.id}/export/zip`, headers });
  expect(zip.statusCode).toBe(200);
  const mp3s = Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).filter((name) => name.endsWith('.mp3'));
  expect(mp3s).toHaveLength(project.chapters.length);

  // Without a key, or with the web session only, nothing is answered.
  const anonymous = await app.inject({ method: 'GET', url: `/elevenlabs/v1/projects/${project.id}` });
  expect(anonymous.statusCode).toBe(401);
  const session = await app.inject({
    method: 'GET',
    url: `/elevenlabs/v1/projects/${project.id}`,
    headers: { cookie: user.cookie },
  });
  expect(session.statusCode).toBe(401);
}, 180_000);

it("answers 404 for another user's project through a key", async () => {
  const app = await buildTestApp();
  const owner = await apiUser(app);
  const other = await apiUser(app);
  const created = await app.inject({
    method: 'POST',
    url: '/elevenlabs/v1/projects',
    headers: { 'xi-api-key': owner.secret },
    payload: { narrator_voice_id: NARRATOR, text: 'Mine.' },
  });
  const id = (created.json() as { id: string }).id;
  const response = await app.inject({
    method: 'GET',
    url: `/elevenlabs/v1/projects/${id}`,
    headers: { 'xi-api-key': other.secret },
  });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ detail: { status: 'project_not_found', message: 'Project not found.' } });
});
