import type { RegeneratedSentence, Timeline } from '@sayso/contract/history';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { runRetention } from '../../src/domains/history/retention.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { countingEngine, historyItem, speakInStudio, srtCues, toneEngine } from './history-helpers.js';

const TEN_SENTENCES = [
  'The lighthouse stood alone on the rocks.',
  'Every night its lamp turned slowly.',
  'Ships far out at sea watched for it.',
  'One winter the keeper fell ill.',
  'His daughter climbed the stairs instead.',
  'She trimmed the wick and wound the clock.',
  'The storm lasted three long days.',
  'Not one ship was lost that week.',
  'In spring the keeper was well again.',
  'He never climbed those stairs alone after that.',
];
const EDITED_FOURTH = 'One bitter winter, the old keeper fell very ill.';

/** A join may add at most one MPEG frame of rounding per sentence; 60 ms in all is well above that. */
const JOIN_TOLERANCE_MS = 60;

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

const download = async (app: FastifyInstance, cookie: string, url: string | null) =>
  (await app.inject({ method: 'GET', url: url ?? '', headers: { cookie } })).rawPayload;

describe('the sentence timeline', () => {
  it('regenerates sentence 4 with edited text: charged its length only, joined MP3 and SRT rebuilt around it', async () => {
    const { engine, spoken } = countingEngine();
    const app = await buildTestApp({ engines: [engine] });
    const user = await signedInUser(app);
    const id = await speakInStudio(app, user.cookie, 'preset', TEN_SENTENCES.join(' '));
    const before = await timelineOf(app, user.cookie, id);
    expect(before.sentences.map((sentence) => sentence.text)).toEqual(TEN_SENTENCES);
    expect(before.seeds).toBe(false);
    const creditsBefore = await creditsOf(app.db, user.userId);
    const callsBefore = spoken.length;

    const response = await regenerate(app, user.cookie, id, 3, { text: EDITED_FOURTH });
    expect(response.statusCode).toBe(200);
    const result = response.json() as RegeneratedSentence;
    expect(result).toMatchObject({ credits_charged: EDITED_FOURTH.length, cached: false });
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore - EDITED_FOURTH.length);
    expect(spoken.length - callsBefore).toBe(1);
    expect(spoken.at(-1)?.text).toBe(EDITED_FOURTH);

    const after = result.timeline;
    expect(after.sentences.map((sentence) => sentence.text)).toEqual(TEN_SENTENCES.with(3, EDITED_FOURTH));
    // Earlier takes are kept until one is picked; the new one is in use.
    expect(after.sentences[3]?.takes.map((take) => [take.text, take.chosen])).toEqual([
      [TEN_SENTENCES[3], false],
      [EDITED_FOURTH, true],
    ]);

    const item = await historyItem(app, user.cookie, id);
    expect(item.credits_charged).toBe(TEN_SENTENCES.join(' ').length + EDITED_FOURTH.length);
    // The generation now reads as edited, for search and for "use in studio".
    expect(item.text).toBe(TEN_SENTENCES.with(3, EDITED_FOURTH).join(' '));
    expect(item.characters).toBe(item.text.length);
    const decoded = await decodeMp3(await download(app, user.cookie, item.mp3_url));
    const sumOfSentences = after.sentences.reduce((sum, sentence) => sum + (sentence.end_ms - sentence.start_ms), 0);
    expect(Math.abs(decoded.durationMs - sumOfSentences)).toBeLessThan(JOIN_TOLERANCE_MS);
    expect(Math.abs((item.duration_ms ?? 0) - sumOfSentences)).toBeLessThan(1);

    const cues = srtCues((await download(app, user.cookie, item.srt_url)).toString('utf8'));
    expect(cues.map((cue) => cue.text)).toEqual(TEN_SENTENCES.with(3, EDITED_FOURTH));
    const startOf = (timeline: Timeline, index: number) => timeline.sentences[index]?.start_ms ?? Number.NaN;
    const endOf = (timeline: Timeline, index: number) => timeline.sentences[index]?.end_ms ?? Number.NaN;
    const shift = endOf(after, 3) - endOf(before, 3);
    expect(Math.abs(shift)).toBeGreaterThan(100);
    for (const [index, cue] of cues.entries()) {
      expect(cue.startMs).toBeCloseTo(startOf(after, index), -1);
      if (index <= 3) expect(cue.startMs).toBeCloseTo(startOf(before, index), -1);
      else expect(cue.startMs - startOf(before, index)).toBeCloseTo(shift, -1);
    }
    await expectLedgerInvariants(app.db);
  });

  it('picks an earlier take back: the joined audio uses it again and the other take is let go', async () => {
    const { engine } = countingEngine();
    const app = await buildTestApp({ engines: [engine] });
    const user = await signedInUser(app);
    const id = await speakInStudio(app, user.cookie, 'preset', 'First sentence. Second sentence. Third one.');
    const original = await download(app, user.cookie, (await historyItem(app, user.cookie, id)).mp3_url);
    const edited = (
      await regenerate(app, user.cookie, id, 1, { text: 'A changed second sentence.' })
    ).json() as RegeneratedSentence;
    const firstTake = edited.timeline.sentences[1]?.takes[0];
    expect(firstTake?.chosen).toBe(false);

    const picked = await app.inject({
      method: 'POST',
      url: `/api/history/${id}/takes/${firstTake?.id}/choose`,
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(picked.statusCode).toBe(200);
    const timeline = picked.json() as Timeline;
    expect(timeline.sentences[1]?.takes.map((take) => [take.text, take.chosen])).toEqual([['Second sentence.', true]]);
    expect(await download(app, user.cookie, timeline.item.mp3_url)).toEqual(original);
    const orphans = await app.db
      .selectFrom('sentence_audio')
      .select('cache_key')
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sentence_takes')
              .select('id')
              .whereRef('sentence_takes.cache_key', '=', 'sentence_audio.cache_key'),
          ),
        ),
      )
      .execute();
    expect(orphans).toEqual([]);
  });

  it('makes another take of unchanged text with a new seed where the engine has seeds, and says why not elsewhere', async () => {
    const seeded = countingEngine({ seeds: true });
    const app = await buildTestApp({ engines: [seeded.engine] });
    const user = await signedInUser(app);
    const id = await speakInStudio(app, user.cookie, 'preset', 'Say it once. Say it again.');
    expect((await timelineOf(app, user.cookie, id)).seeds).toBe(true);
    const response = await regenerate(app, user.cookie, id, 1, {});
    expect(response.statusCode).toBe(200);
    const takes = (response.json() as RegeneratedSentence).timeline.sentences[1]?.takes ?? [];
    expect(takes.map((take) => take.text)).toEqual(['Say it again.', 'Say it again.']);
    expect(takes[0]?.seed).toBeNull();
    expect(takes[1]?.seed).toEqual(expect.any(Number));
    expect(seeded.spoken.at(-1)?.seed).toBe(takes[1]?.seed);

    const plain = await buildTestApp({ engines: [countingEngine().engine] });
    const other = await signedInUser(plain);
    const plainId = await speakInStudio(plain, other.cookie, 'preset', 'Only one way to say it.');
    const creditsBefore = await creditsOf(plain.db, other.userId);
    const refused = await regenerate(plain, other.cookie, plainId, 0, {});
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      error: 'This voice speaks a sentence the same way every time. Edit the sentence to regenerate it.',
    });
    expect(await creditsOf(plain.db, other.userId)).toBe(creditsBefore);
    const empty = await regenerate(plain, other.cookie, plainId, 0, { text: '   ' });
    expect(empty.json()).toMatchObject({ error: 'Text is required' });
    const missing = await regenerate(plain, other.cookie, plainId, 5, { text: 'No such sentence.' });
    expect(missing.statusCode).toBe(404);
  });

  it('releases the sentence’s credits when the engine fails, and changes nothing', async () => {
    const { engine } = countingEngine();
    let failing = false;
    const flaky = {
      ...engine,
      synthesize: (request: Parameters<typeof engine.synthesize>[0]) =>
        failing ? Promise.reject(new Error('request timed out')) : engine.synthesize(request),
    };
    const app = await buildTestApp({ engines: [flaky] });
    const user = await signedInUser(app);
    const id = await speakInStudio(app, user.cookie, 'preset', 'Stable first. Stable second.');
    const before = await timelineOf(app, user.cookie, id);
    const creditsBefore = await creditsOf(app.db, user.userId);
    failing = true;
    const response = await regenerate(app, user.cookie, id, 0, { text: 'This will not be spoken.' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);
    expect(await timelineOf(app, user.cookie, id)).toEqual(before);
    await expectLedgerInvariants(app.db);
  });
});

describe('the sentence cache', () => {
  it('re-renders only the edited one of ten sentences, charges the whole text, and matches a full render', async () => {
    const { engine, spoken } = toneEngine();
    const app = await buildTestApp({ engines: [engine] });
    const user = await signedInUser(app);
    await speakInStudio(app, user.cookie, 'preset', TEN_SENTENCES.join(' '));
    expect(spoken).toHaveLength(10);

    const editedText = TEN_SENTENCES.with(3, EDITED_FOURTH).join(' ');
    const creditsBefore = await creditsOf(app.db, user.userId);
    const edited = await speakInStudio(app, user.cookie, 'preset', editedText);
    expect(spoken.slice(10).map((request) => request.text)).toEqual([EDITED_FOURTH]);
    // The cache saves time, not credits.
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore - editedText.length);

    // A user with an empty cache renders every sentence, and hears the very same audio.
    const fresh = await signedInUser(app);
    const full = await speakInStudio(app, fresh.cookie, 'preset', editedText);
    expect(spoken.slice(11)).toHaveLength(10);
    const cachedMp3 = await download(app, user.cookie, (await historyItem(app, user.cookie, edited)).mp3_url);
    const fullMp3 = await download(app, fresh.cookie, (await historyItem(app, fresh.cookie, full)).mp3_url);
    expect(cachedMp3.length).toBeGreaterThan(10_000);
    expect(cachedMp3.equals(fullMp3)).toBe(true);
  });

  it('records a batch of sentences spoken together at once, a repeated one once, and speaks none of them again', async () => {
    const espeak = createEspeakEngine();
    const speakEach = espeak.synthesizeEach?.bind(espeak);
    if (!speakEach) throw new Error('eSpeak speaks several sentences per run');
    const runs: string[][] = [];
    const engine: SpeechEngineV1 = {
      ...espeak,
      synthesize: (request) => {
        runs.push([request.text]);
        return espeak.synthesize(request);
      },
      synthesizeEach: (texts, request) => {
        runs.push(texts);
        return speakEach(texts, request);
      },
    };
    const app = await buildTestApp({ engines: [engine] });
    const user = await signedInUser(app);
    const text = 'The first line. A line said twice. Another line. A line said twice.';
    await speakInStudio(app, user.cookie, 'preset', text);
    // The first sentence alone (first audio), then the rest in one run, the repeated one included.
    expect(runs).toEqual([['The first line.'], ['A line said twice.', 'Another line.', 'A line said twice.']]);
    const recorded = await app.db
      .selectFrom('sentence_audio')
      .select('cache_key')
      .where('user_id', '=', user.userId)
      .execute();
    expect(recorded).toHaveLength(3);

    await speakInStudio(app, user.cookie, 'preset', text);
    expect(runs).toHaveLength(2);
  });

  it('never serves one user’s cached sentence to another', async () => {
    const { engine, spoken } = countingEngine();
    const app = await buildTestApp({ engines: [engine] });
    const [first, second] = [await signedInUser(app), await signedInUser(app)];
    await speakInStudio(app, first.cookie, 'preset', 'A sentence both users say.');
    await speakInStudio(app, second.cookie, 'preset', 'A sentence both users say.');
    expect(spoken).toHaveLength(2);
  });
});

describe('the retention job', () => {
  it('deletes audio older than the set days at the time it is given, keeps the records, and leaves newer audio', async () => {
    const app = await buildTestApp({ env: { HISTORY_RETENTION_DAYS: '30' } });
    const user = await signedInUser(app);
    const old = await speakInStudio(app, user.cookie, 'preset', 'An old recording. From long ago.');
    const recent = await speakInStudio(app, user.cookie, 'preset', 'A recent recording.');
    const now = new Date('2030-06-01T12:00:00Z');
    const day = 24 * 60 * 60_000;
    await app.db
      .updateTable('speech_tasks')
      .set({ finished_at: new Date(now.getTime() - 31 * day) })
      .where('id', '=', old)
      .execute();
    await app.db
      .updateTable('speech_tasks')
      .set({ finished_at: new Date(now.getTime() - 29 * day) })
      .where('id', '=', recent)
      .execute();
    const oldTask = await app.db.selectFrom('speech_tasks').selectAll().where('id', '=', old).executeTakeFirstOrThrow();
    const oldSentences = await app.db
      .selectFrom('sentence_takes as s')
      .innerJoin('sentence_audio as a', 'a.cache_key', 's.cache_key')
      .select('a.file_key')
      .where('s.task_id', '=', old)
      .execute();
    const deps = { db: app.db, storage: app.storage, logger: app.log, retentionDays: 30 };
    const creditsBefore = await creditsOf(app.db, user.userId);

    expect(await runRetention(deps, now)).toMatchObject({ expired: 1 });
    expect(await app.storage.stat(oldTask.audio_key ?? '')).toBeNull();
    for (const file of oldSentences) expect(await app.storage.stat(file.file_key)).toBeNull();
    const expired = await historyItem(app, user.cookie, old);
    expect(expired).toMatchObject({
      status: 'done',
      audio_expired: true,
      audio_url: null,
      mp3_url: null,
      has_timeline: false,
      excerpt: 'An old recording. From long ago.',
    });
    expect(
      (await app.inject({ method: 'GET', url: `/api/history/${old}/timeline`, headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(404);
    expect(await historyItem(app, user.cookie, recent)).toMatchObject({ audio_expired: false, has_timeline: true });
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);

    // A second pass a day later finds the recent one's turn has not come; two days later it has.
    expect(await runRetention(deps, new Date(now.getTime() + day / 2))).toMatchObject({ expired: 0 });
    expect(await runRetention(deps, new Date(now.getTime() + 2 * day))).toMatchObject({ expired: 1 });
    const page = (
      await app.inject({ method: 'GET', url: '/api/history', headers: { cookie: user.cookie } })
    ).json() as {
      total: number;
      retention_days: number;
    };
    expect(page).toMatchObject({ total: 2, retention_days: 30 });
  });
});
