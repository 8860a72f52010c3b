import type { FastifyInstance } from 'fastify';
import { expect, it, onTestFinished } from 'vitest';
import { applyMovement } from '../../src/domains/accounts/index.js';
import { buildTestApp } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { creditsOf } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { buildDocx } from './support/build-docx.js';
import { buildEpub, sampleEpub } from './support/build-epub.js';

const NARRATOR = 'espeak-en-us-f2';

function importRequest(app: FastifyInstance, cookie: string, file: Buffer, fileName: string, narrator = NARRATOR) {
  const boundary = `----sayso${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="narrator_voice_id"\r\n\r\n${narrator}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return app.inject({
    method: 'POST',
    url: '/api/projects/import',
    headers: { origin: ORIGIN, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
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

const projectCount = async (app: FastifyInstance) =>
  Number(
    (
      await app.db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describeOnEachDatabase('Projects refuse what they cannot take', (target) => {
  async function appOnTarget() {
    const { database, cleanup } = await target.openMigrated();
    onTestFinished(cleanup);
    return buildTestApp({ override: (config) => ({ ...config, database }) });
  }

  it('refuses bad imports with their codes and stores nothing', async () => {
    const app = await appOnTarget();
    const user = await signedInUser(app);
    const epub = sampleEpub();
    const drm = buildEpub({
      chapters: [{ title: 'One', paragraphs: ['Locked text.'] }],
      encrypted: ['OEBPS/chapter-1.xhtml'],
    });
    const docx = buildDocx({ paragraphs: [{ text: 'Some words to make the zip longer than a header.' }] });
    const tooManyChapters = buildEpub({
      chapters: Array.from({ length: 201 }, (_, index) => ({
        title: `Part ${index + 1}`,
        paragraphs: [`Line ${index + 1}.`],
      })),
    });
    const cases: [Buffer, string, number, string][] = [
      [Buffer.from('%PDF-1.7 not a manuscript'), 'book.pdf', 415, 'PROJECT_IMPORT_UNSUPPORTED'],
      [epub.subarray(0, Math.floor(epub.length / 2)), 'broken.epub', 400, 'PROJECT_IMPORT_CORRUPT'],
      [docx.subarray(0, docx.length - 30), 'broken.docx', 400, 'PROJECT_IMPORT_CORRUPT'],
      [drm, 'locked.epub', 400, 'PROJECT_IMPORT_DRM'],
      [tooManyChapters, 'long.epub', 400, 'PROJECT_TOO_MANY_CHAPTERS'],
      [Buffer.alloc(50 * 1024 * 1024 + 1, 0x61), 'huge.txt', 413, 'PROJECT_IMPORT_TOO_LARGE'],
    ];
    for (const [bytes, name, status, code] of cases) {
      const response = await importRequest(app, user.cookie, bytes, name);
      expect([name, response.statusCode, response.json().code]).toEqual([name, status, code]);
    }
    const unknownVoice = await importRequest(app, user.cookie, epub, 'book.epub', 'no-such-voice');
    expect([unknownVoice.statusCode, unknownVoice.json().code]).toEqual([400, 'VOICE_UNAVAILABLE']);
    expect(await projectCount(app)).toBe(0);
    expect(await app.db.selectFrom('project_blocks').select('id').execute()).toEqual([]);
    // A 50 MB upload and a 201-chapter book among them: slow on a loaded machine.
  }, 240_000);

  it('refuses pasted text over 2,000,000 characters', async () => {
    const app = await appOnTarget();
    const user = await signedInUser(app);
    // Five paragraphs of 500,000 characters: 2,500,000 in all.
    const text = `${'word '.repeat(100_000)}\n\n`.repeat(5);
    const response = await call(app, user.cookie, 'POST', '/api/projects', { narrator_voice_id: NARRATOR, text });
    expect([response.statusCode, response.json().code]).toEqual([400, 'PROJECT_TOO_LONG']);
    expect(await projectCount(app)).toBe(0);
  });

  it("answers 404 for someone else's project, and 401 without a session", async () => {
    const app = await appOnTarget();
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const created = await call(app, owner.cookie, 'POST', '/api/projects', {
      narrator_voice_id: NARRATOR,
      text: 'Mine.',
    });
    const id = (created.json() as { id: string }).id;
    const attempts: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', `/api/projects/${id}`],
      ['PATCH', `/api/projects/${id}`, { title: 'Taken' }],
      ['POST', `/api/projects/${id}/render`, { scope: 'project' }],
      ['POST', `/api/projects/${id}/estimate`, { scope: 'project' }],
      ['GET', `/api/projects/${id}/progress`],
      ['GET', `/api/projects/${id}/export/zip`],
      ['POST', `/api/projects/${id}/duplicate`],
      ['DELETE', `/api/projects/${id}`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await call(app, other.cookie, method, url, payload);
      expect([method, url, response.statusCode, response.json().code]).toEqual([method, url, 404, 'PROJECT_NOT_FOUND']);
    }
    const anonymous = await app.inject({ method: 'GET', url: `/api/projects/${id}`, headers: { origin: ORIGIN } });
    expect(anonymous.statusCode).toBe(401);
    expect((await call(app, owner.cookie, 'GET', `/api/projects/${id}`)).statusCode).toBe(200);
  });

  it('refuses a render the balance does not cover before anything is held, and exports of unrendered blocks', async () => {
    const app = await appOnTarget();
    const user = await signedInUser(app);
    const text = 'A paragraph long enough to cost more than the credits left.';
    const created = await call(app, user.cookie, 'POST', '/api/projects', { narrator_voice_id: NARRATOR, text });
    const id = (created.json() as { id: string }).id;
    const credits = await creditsOf(app.db, user.userId);
    await app.db
      .transaction()
      .execute((trx) =>
        applyMovement(trx, { userId: user.userId, asset: 'credits', amount: -(credits - 10), kind: 'admin_deduct' }),
      );
    const estimate = (
      await call(app, user.cookie, 'POST', `/api/projects/${id}/estimate`, { scope: 'project' })
    ).json();
    expect(estimate).toMatchObject({ credits: text.length, balance: 10, enough: false });
    const render = await call(app, user.cookie, 'POST', `/api/projects/${id}/render`, { scope: 'project' });
    expect([render.statusCode, render.json()]).toEqual([
      402,
      { error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' },
    ]);
    expect(await app.db.selectFrom('speech_tasks').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      [],
    );
    expect(await creditsOf(app.db, user.userId)).toBe(10);

    const exported = await call(app, user.cookie, 'GET', `/api/projects/${id}/export/mp3`);
    expect([exported.statusCode, exported.json().code]).toEqual([409, 'PROJECT_NOT_RENDERED']);
  });

  it('refuses chapter edits that do not fit the project', async () => {
    const app = await appOnTarget();
    const user = await signedInUser(app);
    const imported = await importRequest(app, user.cookie, sampleEpub(), 'book.epub');
    const project = imported.json() as { id: string; chapters: { id: string; blocks: { id: string }[] }[] };
    const [first, second, third] = project.chapters;
    if (!first || !second || !third) throw new Error('the sample has three chapters');
    const base = `/api/projects/${project.id}/chapters`;
    const refusals: [string, 'POST' | 'PUT' | 'PATCH', string, object | undefined, number, string][] = [
      [
        'split at the start',
        'POST',
        `${base}/${first.id}/split`,
        { before_block_id: first.blocks[0]?.id },
        400,
        'CHAPTER_SPLIT_AT_START',
      ],
      [
        'split at another chapter',
        'POST',
        `${base}/${first.id}/split`,
        { before_block_id: second.blocks[1]?.id },
        404,
        'BLOCK_NOT_FOUND',
      ],
      ['merge the last', 'POST', `${base}/${third.id}/merge`, undefined, 409, 'CHAPTER_IS_LAST'],
      [
        'reorder with one missing',
        'PUT',
        `${base}/order`,
        { chapter_ids: [third.id, first.id] },
        400,
        'CHAPTER_ORDER_MISMATCH',
      ],
      ['rename a missing chapter', 'PATCH', `${base}/nope`, { title: 'X' }, 404, 'CHAPTER_NOT_FOUND'],
    ];
    for (const [label, method, url, payload, status, code] of refusals) {
      const response = await call(app, user.cookie, method, url, payload);
      expect([label, response.statusCode, response.json().code]).toEqual([label, status, code]);
    }
    // What fits is done: split, then merge back, then reorder.
    const split = await call(app, user.cookie, 'POST', `${base}/${first.id}/split`, {
      before_block_id: first.blocks[1]?.id,
      title: 'Half',
    });
    expect((split.json() as { chapters: { title: string }[] }).chapters.map((c) => c.title)).toHaveLength(4);
    const merged = await call(app, user.cookie, 'POST', `${base}/${first.id}/merge`);
    expect((merged.json() as { chapters: { blocks: unknown[] }[] }).chapters.map((c) => c.blocks.length)).toEqual([
      3, 3, 3,
    ]);
    const order = await call(app, user.cookie, 'PUT', `${base}/order`, {
      chapter_ids: [third.id, first.id, second.id],
    });
    expect((order.json() as { chapters: { id: string }[] }).chapters.map((c) => c.id)).toEqual([
      third.id,
      first.id,
      second.id,
    ]);
  });
});
