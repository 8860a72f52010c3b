import type { FastifyInstance } from 'fastify';
import { expect, it, onTestFinished } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { EngineError, type SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { CLONE_STUDIO_VOICE, historyPage, speakInStudio, VOICE } from './history-helpers.js';

const BROKEN = 'A paragraph the engine refuses while it is broken.';

/** eSpeak, refusing any text with BROKEN in it while `broken.now` is true. */
function breakableEspeak() {
  const espeak = createEspeakEngine();
  const broken = { now: true };
  const refuse = (texts: string[]) => {
    if (broken.now && texts.some((text) => text.includes('refuses'))) {
      throw new EngineError('The engine could not speak this.', 'invalid_input');
    }
  };
  const engine: SpeechEngineV1 = {
    ...espeak,
    async synthesize(request) {
      refuse([request.text]);
      return espeak.synthesize(request);
    },
    async synthesizeEach(texts, request) {
      refuse(texts);
      return (
        espeak.synthesizeEach?.(texts, request) ??
        Promise.all(texts.map((text) => this.synthesize({ ...request, text })))
      );
    },
  };
  return { engine, broken };
}

function call(app: FastifyInstance, cookie: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) {
  return app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
}

async function renderAndWait(app: FastifyInstance, cookie: string, projectId: string) {
  const render = await call(app, cookie, 'POST', `/api/projects/${projectId}/render`, { scope: 'project' });
  expect(render.statusCode, render.body).toBe(202);
  for (let i = 0; i < 600; i += 1) {
    const progress = (await call(app, cookie, 'GET', `/api/projects/${projectId}/progress`)).json() as {
      queued: number;
      done: number;
      failed: number;
    };
    if (progress.queued === 0) return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the render did not finish');
}

describeOnEachDatabase('History and project renders', (target) => {
  it('lists the studio generations but none of a project’s block renders, failed, replaced or current', async () => {
    const { database, cleanup } = await target.openMigrated();
    onTestFinished(cleanup);
    const { engine, broken } = breakableEspeak();
    const app = await buildTestApp({ engines: [engine], override: (config) => ({ ...config, database }) });
    const user = await signedInUser(app);
    const studio = await speakInStudio(app, user.cookie, 'clone', 'A line spoken in the studio.');

    const created = await call(app, user.cookie, 'POST', '/api/projects', {
      title: 'Two paragraphs',
      narrator_voice_id: VOICE,
      text: `The first paragraph speaks as it should.\n\n${BROKEN}`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json() as { id: string; chapters: { blocks: { id: string }[] }[] };
    const first = project.chapters[0]?.blocks[0]?.id ?? '';

    const onlyStudio = async () => {
      const page = await historyPage(app, user.cookie);
      expect(page.total).toBe(1);
      expect(page.items.map((item) => item.id)).toEqual([studio]);
      // The voice filter offers only voices that some listed generation used.
      expect(page.voices.map((voice) => voice.id)).toEqual([CLONE_STUDIO_VOICE]);
      // A filter that would match the project's voice finds nothing either.
      expect((await historyPage(app, user.cookie, `?voice=${VOICE}`)).total).toBe(0);
    };

    // One block renders, one fails: neither lists.
    expect(await renderAndWait(app, user.cookie, project.id)).toMatchObject({ done: 1, failed: 1 });
    await onlyStudio();

    // The failed block renders again once the engine works: its failed render is let go, not left
    // behind as a generation no block points at.
    broken.now = false;
    expect(await renderAndWait(app, user.cookie, project.id)).toMatchObject({ done: 2, failed: 0 });
    await onlyStudio();

    // An edited block renders again; the render it replaced is deleted, the new one is hidden.
    const edit = await call(app, user.cookie, 'PATCH', `/api/projects/${project.id}/blocks/${first}`, {
      text: 'The first paragraph now says something else.',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await renderAndWait(app, user.cookie, project.id)).toMatchObject({ done: 2, failed: 0 });
    await onlyStudio();

    const tasks = await app.db
      .selectFrom('speech_tasks')
      .select(['id', 'status'])
      .where('user_id', '=', user.userId)
      .execute();
    // The studio's task and one render per block: the failed and the replaced renders are gone.
    expect(tasks).toHaveLength(3);
    expect(tasks.every((task) => task.status === 'done')).toBe(true);
  }, 120_000);
});
