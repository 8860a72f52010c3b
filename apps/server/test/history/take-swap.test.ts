import type { Timeline } from '@sayso/contract/history';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/unit-of-work.js';
import { releaseHoldIn } from '../../src/domains/accounts/index.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants, openHolds } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { countingEngine, speakInStudio } from './history-helpers.js';

async function timelineOf(app: FastifyInstance, cookie: string, id: string): Promise<Timeline> {
  const response = await app.inject({ method: 'GET', url: `/api/history/${id}/timeline`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as Timeline;
}

/** Every file the storage holds for the task, by listing what the task row and its takes point at. */
async function taskRow(app: FastifyInstance, id: string) {
  return app.db
    .selectFrom('speech_tasks')
    .select(['revision', 'text', 'audio_key', 'transcript_key'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

describe('a sentence’s take swap', () => {
  it('is one unit of work: when spending the sentence’s credits fails, the new take and files are not kept', async () => {
    const { engine } = countingEngine();
    let app: FastifyInstance | undefined;
    let settleHoldWhileSpeaking = false;
    // While the sentence renders, its hold is settled behind the service's back, so capturing it
    // in the swap's unit of work fails after the take and the task row have been written there.
    const racing: SpeechEngineV1 = {
      ...engine,
      async synthesize(request) {
        if (settleHoldWhileSpeaking && app) {
          const db = app.db;
          const open = await db.selectFrom('credit_holds').select('id').where('status', '=', 'open').execute();
          for (const hold of open) await inTransaction(db, (trx) => releaseHoldIn(trx, hold.id));
        }
        return engine.synthesize(request);
      },
    };
    app = await buildTestApp({ engines: [racing] });
    const user = await signedInUser(app);
    const id = await speakInStudio(app, user.cookie, 'preset', 'Stable first. Stable second.');
    const before = await timelineOf(app, user.cookie, id);
    const rowBefore = await taskRow(app, id);
    const creditsBefore = await creditsOf(app.db, user.userId);

    settleHoldWhileSpeaking = true;
    const response = await app.inject({
      method: 'POST',
      url: `/api/history/${id}/sentences/0/takes`,
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { text: 'An edited first sentence.' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'HOLD_SETTLED' });

    // The take, the task's revision, text and files are as they were; nothing was spent.
    expect(await taskRow(app, id)).toEqual(rowBefore);
    expect(await timelineOf(app, user.cookie, id)).toEqual(before);
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);
    expect(await openHolds(app, user.userId)).toBe(0);
    // The next revision's files, written before the unit of work, were removed with it.
    const nextRevision = rowBefore.revision + 1;
    const leftovers = [`tasks/${id}/audio-r${nextRevision}.mp3`, `tasks/${id}/transcript-r${nextRevision}.srt`];
    expect(await Promise.all(leftovers.map((key) => app?.storage.stat(key) ?? null))).toEqual([null, null]);
    await expectLedgerInvariants(app.db);
  });
});
