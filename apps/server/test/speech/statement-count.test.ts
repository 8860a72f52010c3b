import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp } from '../helpers/build-app.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

/**
 * The statements a request sends to the embedded database, recorded at PGlite's own entry points
 * (every statement of the app, its auth library and its job queue passes through one of them).
 */
function recordStatements(): { statements: string[] } {
  const recorded = { statements: [] as string[] };
  const query = PGlite.prototype.query;
  const exec = PGlite.prototype.exec;
  vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (this: PGlite, ...args: Parameters<PGlite['query']>) {
    recorded.statements.push(args[0]);
    return query.apply(this, args);
  } as PGlite['query']);
  vi.spyOn(PGlite.prototype, 'exec').mockImplementation(function (this: PGlite, ...args: Parameters<PGlite['exec']>) {
    recorded.statements.push(args[0]);
    return exec.apply(this, args);
  } as PGlite['exec']);
  return recorded;
}

const submit = (app: FastifyInstance, cookie: string) =>
  app.inject({
    method: 'POST',
    url: '/api/elevenlabs/tts',
    headers: { origin: ORIGIN, cookie },
    payload: { text: 'Counting the statements of a submission.', voice_id: 'espeak-en-us-f2', model_id: 'espeak-ng' },
  });

/** Issue 15: the hot routes' database round trips, counted so a regression shows as a number. */
describe('statements per request on the embedded database', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a poll by a signed-in owner costs one statement, its task, once the session is known', async () => {
    const app = await buildTestApp({ env: { RUN_WORKERS: 'false' } });
    const { cookie } = await signedInUser(app);
    const submitted = await submit(app, cookie);
    expect(submitted.statusCode).toBe(200);
    const taskId = (submitted.json() as { task_id: string }).task_id;
    const poll = () => app.inject({ method: 'GET', url: `/api/elevenlabs/task/${taskId}`, headers: { cookie } });
    expect((await poll()).statusCode).toBe(200);

    const recorder = recordStatements();
    const response = await poll();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'queued' });
    // Before issue 15: four (the session, its user, the task, its place in the line).
    expect(recorder.statements, recorder.statements.join('\n')).toHaveLength(1);
  });

  it('a submission costs at most six statements, transaction and job included', async () => {
    const app = await buildTestApp({ env: { RUN_WORKERS: 'false' } });
    const { cookie } = await signedInUser(app);
    // The first submission creates the job queue; the session is read and remembered.
    expect((await submit(app, cookie)).statusCode).toBe(200);

    const recorder = recordStatements();
    const response = await submit(app, cookie);
    expect(response.statusCode).toBe(200);
    // Before issue 15: seventeen. Now: begin, the caller's lock, the limits, the hold with the
    // task, the job, commit.
    expect(recorder.statements.length, recorder.statements.join('\n')).toBeLessThanOrEqual(6);
  });
});
