import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants, openHolds } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const LINES: [Line, Line] = [
  { speaker: 'Ana', voice_id: 'espeak-en-us-f2', text: 'Did you hear the news this morning?' },
  { speaker: 'Ben', voice_id: 'espeak-en-gb-m3', text: 'I did. It was hard to believe.' },
];

interface Line {
  speaker: string;
  voice_id: string;
  text: string;
}

describe('POST /api/dialogue (the preset studio’s dialogue mode)', { timeout: 90_000 }, () => {
  it('speaks the lines in one audio, kept in the history, with a transcript by speaker in order', async () => {
    const app = await buildTestApp({ engines: [createEspeakEngine()] });
    const user = await signedInUser(app);
    const before = await creditsOf(app.db, user.userId);
    const response = await app.inject({
      method: 'POST',
      url: '/api/dialogue',
      headers: { cookie: user.cookie, origin: ORIGIN },
      payload: { lines: LINES },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json() as {
      task_id: string;
      audio_url: string;
      characters: number;
      duration_ms: number;
      lines: { speaker: string; voice_name: string; text: string; start_ms: number; end_ms: number }[];
    };
    const characters = LINES[0].text.length + LINES[1].text.length;
    expect(result.characters).toBe(characters);
    expect(result.lines.map((line) => [line.speaker, line.text])).toEqual(
      LINES.map((line) => [line.speaker, line.text]),
    );
    const [first, second] = result.lines;
    expect(first?.start_ms).toBe(0);
    // The second line starts after the first one ends and the pause between them.
    expect((second?.start_ms ?? 0) - (first?.end_ms ?? 0)).toBeCloseTo(350, -1);
    expect(result.duration_ms).toBe(second?.end_ms);

    const audio = await app.inject({ method: 'GET', url: result.audio_url, headers: { cookie: user.cookie } });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toContain('audio/mpeg');
    expect(audio.rawPayload.length).toBeGreaterThan(5_000);

    expect(before - (await creditsOf(app.db, user.userId))).toBe(characters);
    expect(await openHolds(app, user.userId)).toBe(0);
    await expectLedgerInvariants(app.db);
    await app.close();
  });

  it('refuses a signed-out caller, an empty dialogue, a line without text and an unknown voice', async () => {
    const app = await buildTestApp({ engines: [createEspeakEngine()] });
    const user = await signedInUser(app);
    const post = (payload: { lines: Line[] }, cookie: string | undefined = user.cookie) =>
      app.inject({
        method: 'POST',
        url: '/api/dialogue',
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        payload,
      });

    expect((await post({ lines: LINES }, '')).statusCode).toBe(401);
    const empty = await post({ lines: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Add at least one line');
    const blank = await post({ lines: [{ ...LINES[0], text: ' ' }] });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Every line needs some text');
    const unknown = await post({ lines: [LINES[0], { ...LINES[1], voice_id: 'no-such-voice' }] });
    expect(unknown.statusCode).toBe(404);
    expect(await app.db.selectFrom('speech_tasks').select('id').execute()).toEqual([]);
    await app.close();
  });
});
