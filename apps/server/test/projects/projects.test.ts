import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { parseBuffer } from 'music-metadata';
import { expect, it, onTestFinished } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { creditsOf, expectLedgerInvariants, openHolds } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { SAMPLE_BOOK, SAMPLE_CHARACTERS, sampleEpub } from './support/build-epub.js';

const NARRATOR = 'espeak-en-us-f2';
const TOM = 'espeak-en-us-m3';
const ANNA = 'espeak-en-gb-m3';

interface Detail {
  id: string;
  title: string;
  author: string | null;
  has_cover: boolean;
  chapters: {
    id: string;
    title: string;
    blocks: { id: string; text: string; voice: string; speaker: string | null }[];
  }[];
  speakers: { name: string; voice_id: string | null; lines: number }[];
}
interface Progress {
  total: number;
  done: number;
  queued: number;
  failed: number;
  complete: boolean;
  chapters: { chapter_id: string; total: number; done: number; failed: { block_id: string; error_code: string }[] }[];
}

/** A multipart body with one file and the narrator's voice. */
function importForm(file: Buffer, fileName: string, narrator = NARRATOR) {
  const boundary = `----sayso${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="narrator_voice_id"\r\n\r\n${narrator}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, file, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function importFile(app: FastifyInstance, cookie: string, file: Buffer, fileName: string) {
  const form = importForm(file, fileName);
  return app.inject({
    method: 'POST',
    url: '/api/projects/import',
    headers: { origin: ORIGIN, cookie, 'content-type': form.contentType },
    payload: form.payload,
  });
}

function call(
  app: FastifyInstance,
  cookie: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });
}

async function waitForRender(app: FastifyInstance, cookie: string, projectId: string): Promise<Progress> {
  for (let i = 0; i < 600; i += 1) {
    const progress = (await call(app, cookie, 'GET', `/api/projects/${projectId}/progress`)).json() as Progress;
    if (progress.queued === 0) return progress;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the render did not finish');
}

/** How many speech tasks the user's renders made, and the characters they held. */
async function renderTasks(app: FastifyInstance, userId: string) {
  const rows = await app.db
    .selectFrom('speech_tasks')
    .select(['text', 'status'])
    .where('user_id', '=', userId)
    .execute();
  return rows;
}

describeOnEachDatabase('Projects from a manuscript to an audiobook', (target) => {
  async function appOnTarget() {
    const { database, cleanup } = await target.openMigrated();
    // Registered before the app's own close, so it runs after it.
    onTestFinished(cleanup);
    const app = await buildTestApp({ override: (config) => ({ ...config, database }) });
    return { app };
  }

  it('imports the sample EPUB, casts two voices, estimates, renders the book and exports it', async () => {
    const { app } = await appOnTarget();
    const user = await signedInUser(app);

    const imported = await importFile(app, user.cookie, sampleEpub(), 'salt-and-light.epub');
    expect(imported.statusCode, imported.body).toBe(201);
    const project = imported.json() as Detail;
    expect(project.title).toBe(SAMPLE_BOOK.title);
    expect(project.author).toBe(SAMPLE_BOOK.author);
    expect(project.has_cover).toBe(true);
    expect(project.chapters.map((chapter) => chapter.title)).toEqual(SAMPLE_BOOK.chapters.map((c) => c.title));
    expect(project.speakers.map((speaker) => speaker.name).sort()).toEqual(['Anna', 'Tom']);

    for (const [name, voice] of [
      ['Tom', TOM],
      ['Anna', ANNA],
    ] as const) {
      const cast = await call(app, user.cookie, 'PUT', `/api/projects/${project.id}/cast`, { name, voice_id: voice });
      expect(cast.statusCode, cast.body).toBe(200);
    }
    const cast = (await call(app, user.cookie, 'GET', `/api/projects/${project.id}`)).json() as Detail;
    const voices = cast.chapters.flatMap((chapter) => chapter.blocks.map((block) => [block.speaker, block.voice]));
    expect(voices).toContainEqual(['Tom', TOM]);
    expect(voices).toContainEqual(['Anna', ANNA]);
    expect(voices).toContainEqual([null, NARRATOR]);

    const estimate = (
      await call(app, user.cookie, 'POST', `/api/projects/${project.id}/estimate`, { scope: 'project' })
    ).json();
    expect(estimate).toMatchObject({
      blocks: 9,
      characters: SAMPLE_CHARACTERS,
      credits: SAMPLE_CHARACTERS,
      enough: true,
    });

    const before = await creditsOf(app.db, user.userId);
    const render = await call(app, user.cookie, 'POST', `/api/projects/${project.id}/render`, { scope: 'project' });
    expect(render.statusCode, render.body).toBe(202);
    expect(render.json()).toEqual({ blocks: 9, credits: SAMPLE_CHARACTERS });
    const progress = await waitForRender(app, user.cookie, project.id);
    expect(progress).toMatchObject({ total: 9, done: 9, failed: 0, complete: true });
    expect(progress.chapters.map((chapter) => [chapter.total, chapter.done])).toEqual([
      [3, 3],
      [3, 3],
      [3, 3],
    ]);
    expect(before - (await creditsOf(app.db, user.userId))).toBe(SAMPLE_CHARACTERS);
    expect(await openHolds(app, user.userId)).toBe(0);

    const zip = await call(app, user.cookie, 'GET', `/api/projects/${project.id}/export/zip`);
    expect(zip.statusCode, zip.body).toBe(200);
    const entries = Object.keys(unzipSync(new Uint8Array(zip.rawPayload)));
    expect(entries.filter((name) => name.endsWith('.mp3'))).toHaveLength(3);

    const mp3 = await call(app, user.cookie, 'GET', `/api/projects/${project.id}/export/mp3`);
    expect(mp3.statusCode, mp3.body).toBe(200);
    const tags = await parseBuffer(
      new Uint8Array(mp3.rawPayload),
      { mimeType: 'audio/mpeg' },
      { includeChapters: true },
    );
    expect(tags.common.title).toBe(SAMPLE_BOOK.title);
    expect(tags.common.artist).toBe(SAMPLE_BOOK.author);
    expect(tags.format.chapters?.map((chapter) => chapter.title)).toEqual(SAMPLE_BOOK.chapters.map((c) => c.title));

    const chapter = project.chapters[0]?.id ?? '';
    const vtt = await call(app, user.cookie, 'GET', `/api/projects/${project.id}/chapters/${chapter}/subtitles.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toContain('WEBVTT');
    expect(vtt.body).toContain('grey Tuesday');

    const acx = (await call(app, user.cookie, 'GET', `/api/projects/${project.id}/acx?mastered=true`)).json() as {
      chapters: { passes: boolean; failures: string[] }[];
    };
    expect(acx.chapters).toHaveLength(3);
    expect(acx.chapters.every((report) => report.passes)).toBe(true);

    // Project renders are the user's own tasks, spoken once each.
    expect(await renderTasks(app, user.userId)).toHaveLength(9);
    await expectLedgerInvariants(app.db);
    // Nine renders, three exports and a mastering on eSpeak: a loaded machine needs a few minutes.
  }, 300_000);

  it('renders again only the paragraph that was edited, and charges only its characters', async () => {
    const { app } = await appOnTarget();
    const user = await signedInUser(app);
    const created = await call(app, user.cookie, 'POST', '/api/projects', {
      title: 'Short story',
      narrator_voice_id: NARRATOR,
      text: 'The first paragraph is short.\n\nThe second one is a little longer than the first.\n\nAnd a third closes it.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = created.json() as Detail;
    const blocks = project.chapters.flatMap((chapter) => chapter.blocks);
    expect(blocks).toHaveLength(3);
    await call(app, user.cookie, 'POST', `/api/projects/${project.id}/render`, { scope: 'project' });
    expect((await waitForRender(app, user.cookie, project.id)).complete).toBe(true);
    const rendered = await creditsOf(app.db, user.userId);

    const edited = 'The second one now says something else.';
    const second = blocks[1]?.id ?? '';
    const edit = await call(app, user.cookie, 'PATCH', `/api/projects/${project.id}/blocks/${second}`, {
      text: edited,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const estimate = (
      await call(app, user.cookie, 'POST', `/api/projects/${project.id}/estimate`, { scope: 'project' })
    ).json();
    expect(estimate).toMatchObject({ blocks: 1, characters: edited.length });
    expect((await call(app, user.cookie, 'GET', `/api/projects/${project.id}/progress`)).json()).toMatchObject({
      done: 2,
      complete: false,
    });

    const again = await call(app, user.cookie, 'POST', `/api/projects/${project.id}/render`, { scope: 'project' });
    expect(again.json()).toEqual({ blocks: 1, credits: edited.length });
    expect((await waitForRender(app, user.cookie, project.id)).complete).toBe(true);
    expect(rendered - (await creditsOf(app.db, user.userId))).toBe(edited.length);
    // The earlier render of the edited block is let go; the other two are the first ones.
    const tasks = await renderTasks(app, user.userId);
    expect(tasks.map((task) => task.text).sort()).toEqual(
      ['The first paragraph is short.', edited, 'And a third closes it.'].sort(),
    );
    // Nothing left to render: a render now does nothing and charges nothing.
    const idle = await call(app, user.cookie, 'POST', `/api/projects/${project.id}/render`, { scope: 'project' });
    expect(idle.json()).toEqual({ blocks: 0, credits: 0 });
    await expectLedgerInvariants(app.db);
  }, 120_000);
});
