import type { RegeneratedSentence, Timeline } from '@sayso/contract/history';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { countingEngine, speakInStudio, toneEngine } from './history-helpers.js';

const ALWAYS_SAME = 'This voice speaks a sentence the same way every time. Edit the sentence to regenerate it.';

async function timelineOf(app: FastifyInstance, cookie: string, id: string): Promise<Timeline> {
  const response = await app.inject({ method: 'GET', url: `/api/history/${id}/timeline`, headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json() as Timeline;
}

function regenerate(app: FastifyInstance, cookie: string, id: string, position: number, body: { text?: string }) {
  return app.inject({
    method: 'POST',
    url: `/api/history/${id}/sentences/${position}/takes`,
    headers: { cookie, origin: ORIGIN },
    payload: body,
  });
}

async function spoken(engine: SpeechEngineV1, text: string) {
  const app = await buildTestApp({ engines: [engine] });
  const user = await signedInUser(app);
  const id = await speakInStudio(app, user.cookie, 'preset', text);
  return { app, user, id };
}

describe('regenerating a sentence whose text is unchanged', () => {
  it('on a deterministic engine (eSpeak), refuses the same text sent back as an edit and charges nothing', async () => {
    const { app, user, id } = await spoken(countingEngine().engine, 'Only one way to say it. And a second one.');
    const before = await timelineOf(app, user.cookie, id);
    const creditsBefore = await creditsOf(app.db, user.userId);

    for (const text of ['Only one way to say it.', '  Only one way to say it.  ']) {
      const refused = await regenerate(app, user.cookie, id, 0, { text });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: ALWAYS_SAME });
    }
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);
    expect(await timelineOf(app, user.cookie, id)).toEqual(before);
    await expectLedgerInvariants(app.db);
  });

  it('on an engine with seeds, makes the same text sent back another take with a new seed', async () => {
    const seeded = countingEngine({ seeds: true });
    const { app, user, id } = await spoken(seeded.engine, 'Say it once. Say it again.');
    const creditsBefore = await creditsOf(app.db, user.userId);
    const response = await regenerate(app, user.cookie, id, 1, { text: 'Say it again.' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as RegeneratedSentence;
    const takes = answer.timeline.sentences[1]?.takes ?? [];
    expect(takes).toHaveLength(2);
    expect(takes[1]?.seed).toEqual(expect.any(Number));
    expect(takes[1]?.seed).not.toBe(takes[0]?.seed);
    expect(answer.credits_charged).toBe('Say it again.'.length);
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore - 'Say it again.'.length);
    await expectLedgerInvariants(app.db);
  });

  it('never charges for a take whose audio is byte for byte the one in use, even where the engine claims seeds', async () => {
    // Plain tones that ignore the seed: a "new take" sounds exactly like the old one.
    const { engine } = toneEngine();
    const claimsSeeds: SpeechEngineV1 = { ...engine, capabilities: { ...engine.capabilities, seeds: true } };
    const { app, user, id } = await spoken(claimsSeeds, 'Same tones. Every time.');
    const before = await timelineOf(app, user.cookie, id);
    const creditsBefore = await creditsOf(app.db, user.userId);

    const refused = await regenerate(app, user.cookie, id, 0, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: ALWAYS_SAME });
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);
    expect(await timelineOf(app, user.cookie, id)).toEqual(before);
    await expectLedgerInvariants(app.db);
  });
});
