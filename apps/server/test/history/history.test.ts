import type { HistoryItem } from '@sayso/contract/history';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { findFrameChain } from '../../src/audio/mp3-frames.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf, expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { countingEngine, historyItem, historyPage, speakInStudio, srtCues, stampMs } from './history-helpers.js';

const get = (app: FastifyInstance, url: string, cookie: string) =>
  app.inject({ method: 'GET', url, headers: { cookie } });

async function ledgerRows(app: FastifyInstance, userId: string) {
  return app.db.selectFrom('ledger_entries').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

describe('generation history', () => {
  it('lists both studios’ generations newest first with voice, source, credits and files, but not the demo', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const preset = await speakInStudio(app, user.cookie, 'preset', 'A preset studio sentence. And a second one.');
    const clone = await speakInStudio(app, user.cookie, 'clone', 'A clone studio sentence.');
    const demo = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN },
      payload: { text: 'A demo.', voice_setting: { voice_id: 'espeak-en-us-f2' } },
    });
    expect(demo.statusCode).toBe(200);

    const page = await historyPage(app, user.cookie);
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([clone, preset]);
    const [cloneItem, presetItem] = page.items as [HistoryItem, HistoryItem];
    expect(presetItem).toMatchObject({
      source: 'preset',
      status: 'done',
      progress: 100,
      characters: 43,
      credits_charged: 43,
      engine: 'espeak',
      cloned: false,
      api_key_name: null,
      has_timeline: true,
      audio_expired: false,
    });
    expect(presetItem.voice_name).not.toBe(presetItem.voice_id);
    expect(presetItem.duration_ms).toBeGreaterThan(500);
    expect(cloneItem).toMatchObject({ source: 'clone', credits_charged: 24, excerpt: 'A clone studio sentence.' });
    expect(page.voices).toEqual(
      expect.arrayContaining([
        { id: 'espeak-en-us-f2', name: presetItem.voice_name, cloned: false },
        { id: 'espeak-en-sc-m2', name: cloneItem.voice_name, cloned: false },
      ]),
    );
    expect(page.voices).toHaveLength(2);
    expect(page.storage.used_bytes).toBeGreaterThan(0);
    expect(page.storage.limit_bytes).toBe(1024 * 1024 * 1024);
    expect(page.retention_days).toBeNull();
  });

  it('names the API key a generation was asked for with', async () => {
    const app = await buildTestApp();
    const user = await apiUser(app, { name: 'Podcast robot' });
    const base = await listening(app);
    const response = await fetch(`${base}/openai/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'Spoken through the API.', voice: 'espeak-en-us-f2' }),
    });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const page = await historyPage(app, user.cookie, '?source=api');
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ source: 'api', api_key_name: 'Podcast robot', status: 'done' });
    expect((await historyPage(app, user.cookie, '?source=preset')).items).toHaveLength(0);
  });

  it('searches the text and filters by voice, status and source, a page at a time on the server', async () => {
    const { engine } = countingEngine();
    const app = await buildTestApp({ engines: [engine] });
    const user = await signedInUser(app);
    for (const word of ['apple', 'banana', 'cherry', 'apple pie']) {
      await speakInStudio(app, user.cookie, 'preset', `I like ${word}.`);
    }
    await speakInStudio(app, user.cookie, 'clone', 'Fifty% of 100_000 apples.');

    const apples = await historyPage(app, user.cookie, '?q=APPLE');
    expect(apples.items.map((item) => item.excerpt)).toEqual([
      'Fifty% of 100_000 apples.',
      'I like apple pie.',
      'I like apple.',
    ]);
    // A typed % or _ is a character to find, not a wildcard.
    expect((await historyPage(app, user.cookie, '?q=y%25')).items.map((item) => item.excerpt)).toEqual([
      'Fifty% of 100_000 apples.',
    ]);
    expect((await historyPage(app, user.cookie, '?q=0_0')).total).toBe(1);
    expect((await historyPage(app, user.cookie, '?source=clone')).total).toBe(1);
    expect((await historyPage(app, user.cookie, '?source=preset&q=apple')).total).toBe(2);
    expect((await historyPage(app, user.cookie, '?status=failed')).total).toBe(0);
    expect((await historyPage(app, user.cookie, '?status=done')).total).toBe(5);
    expect((await historyPage(app, user.cookie, '?voice=espeak-en-us-f2')).total).toBe(4);
    expect((await historyPage(app, user.cookie, '?voice=espeak-en-sc-m2')).total).toBe(1);
    expect((await historyPage(app, user.cookie, '?voice=someone-else')).total).toBe(0);

    const first = await historyPage(app, user.cookie, '?page_size=2');
    const third = await historyPage(app, user.cookie, '?page_size=2&page=3');
    expect(first).toMatchObject({ total: 5, page: 1, page_size: 2 });
    expect(first.items).toHaveLength(2);
    expect(third.items.map((item) => item.excerpt)).toEqual(['I like apple.']);
    const bad = await get(app, '/api/history?page_size=500', user.cookie);
    expect(bad.statusCode).toBe(400);
  });

  it('plays in place with ranges, and downloads MP3, SRT and a WebVTT of the same cues', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const id = await speakInStudio(app, user.cookie, 'preset', 'First line here. Second line there! Third?');
    const item = await historyItem(app, user.cookie, id);

    const play = await get(app, item.audio_url ?? '', user.cookie);
    expect(play.statusCode).toBe(200);
    expect(play.headers['content-type']).toBe('audio/mpeg');
    expect(play.headers['content-disposition']).toMatch(/^inline/);
    expect(findFrameChain(play.rawPayload)?.end).toBe(play.rawPayload.length);
    const part = await app.inject({
      method: 'GET',
      url: item.audio_url ?? '',
      headers: { cookie: user.cookie, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(play.rawPayload.subarray(0, 100));

    const mp3 = await get(app, item.mp3_url ?? '', user.cookie);
    expect(mp3.headers['content-disposition']).toMatch(/^attachment; filename="sayso-.*\.mp3"$/);
    expect(mp3.rawPayload).toEqual(play.rawPayload);

    const srt = await get(app, item.srt_url ?? '', user.cookie);
    expect(srt.headers['content-disposition']).toMatch(/attachment; filename=".*\.srt"/);
    const cues = srtCues(srt.body);
    expect(cues.map((cue) => cue.text)).toEqual(['First line here.', 'Second line there!', 'Third?']);

    const vtt = await get(app, item.vtt_url ?? '', user.cookie);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    const [header, ...blocks] = vtt.body.trim().split(/\n\n+/);
    expect(header).toBe('WEBVTT');
    const vttCues = blocks.map((block) => {
      const timing = block.split('\n').find((line) => line.includes(' --> ')) ?? '';
      const [start = '', end = ''] = timing.split(' --> ');
      expect(start).toMatch(/^\d{2}:\d{2}:\d{2}\.\d{3}$/);
      return { startMs: stampMs(start), endMs: stampMs(end), text: block.split('\n').at(-1) };
    });
    expect(vttCues).toEqual(cues);
    for (const [index, cue] of vttCues.entries()) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
      if (index > 0) expect(cue.startMs).toBeGreaterThanOrEqual(vttCues[index - 1]?.endMs ?? 0);
    }
  });

  it('deletes a generation with its files, and leaves the ledger as it was', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const kept = await speakInStudio(app, user.cookie, 'preset', 'Keep this one. It shares a sentence.');
    const id = await speakInStudio(app, user.cookie, 'preset', 'Delete this one. It shares a sentence.');
    const task = await app.db.selectFrom('speech_tasks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const sentenceFiles = await app.db
      .selectFrom('sentence_takes as s')
      .innerJoin('sentence_audio as a', 'a.cache_key', 's.cache_key')
      .select(['a.file_key', 's.text'])
      .where('s.task_id', '=', id)
      .execute();
    expect(sentenceFiles).toHaveLength(2);
    const ledgerBefore = await ledgerRows(app, user.userId);
    const creditsBefore = await creditsOf(app.db, user.userId);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/history/${id}`,
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(deleted.statusCode).toBe(204);

    expect(await app.storage.stat(task.audio_key ?? '')).toBeNull();
    expect(await app.storage.stat(task.transcript_key ?? '')).toBeNull();
    const own = sentenceFiles.find((file) => file.text === 'Delete this one.');
    const shared = sentenceFiles.find((file) => file.text === 'It shares a sentence.');
    expect(await app.storage.stat(own?.file_key ?? '')).toBeNull();
    // The other generation still plays its copy of the shared sentence.
    expect(await app.storage.stat(shared?.file_key ?? '')).not.toBeNull();
    expect((await get(app, `/api/history/${kept}/audio.mp3`, user.cookie)).statusCode).toBe(200);

    expect((await get(app, `/api/history/${id}`, user.cookie)).statusCode).toBe(404);
    expect((await historyPage(app, user.cookie)).items.map((item) => item.id)).toEqual([kept]);
    expect(await ledgerRows(app, user.userId)).toEqual(ledgerBefore);
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);
    await expectLedgerInvariants(app.db);
  });

  it('shows another user none of it: list, item, play, downloads, timeline, takes and delete are all 404', async () => {
    const app = await buildTestApp();
    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const id = await speakInStudio(app, owner.cookie, 'preset', 'Mine alone. Nobody else’s.');
    const timeline = (await get(app, `/api/history/${id}/timeline`, owner.cookie)).json() as {
      sentences: { takes: { id: string }[] }[];
    };
    const takeId = timeline.sentences[0]?.takes[0]?.id ?? '';

    expect((await historyPage(app, other.cookie)).total).toBe(0);
    for (const url of [
      `/api/history/${id}`,
      `/api/history/${id}/audio.mp3`,
      `/api/history/${id}/download/mp3`,
      `/api/history/${id}/download/srt`,
      `/api/history/${id}/download/vtt`,
      `/api/history/${id}/timeline`,
      `/api/history/${id}/takes/${takeId}/audio.mp3`,
    ]) {
      const response = await get(app, url, other.cookie);
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ error: 'Generation not found.' });
    }
    const headers = { cookie: other.cookie, origin: ORIGIN };
    const writes = [
      { method: 'POST' as const, url: `/api/history/${id}/sentences/0/takes`, payload: { text: 'Stolen.' } },
      { method: 'POST' as const, url: `/api/history/${id}/takes/${takeId}/choose`, payload: {} },
      { method: 'DELETE' as const, url: `/api/history/${id}` },
    ];
    const creditsBefore = await creditsOf(app.db, other.userId);
    for (const write of writes) {
      const response = await app.inject({ ...write, headers });
      expect(response.statusCode, write.url).toBe(404);
    }
    expect(await creditsOf(app.db, other.userId)).toBe(creditsBefore);
    expect((await get(app, `/api/history/${id}/audio.mp3`, owner.cookie)).statusCode).toBe(200);
    // Signed out, the history is not there at all.
    expect((await app.inject({ method: 'GET', url: '/api/history' })).statusCode).toBe(401);
  });

  it('refuses a new generation while the history is at its storage limit, charging nothing, until one is deleted', async () => {
    const app = await buildTestApp({ env: { HISTORY_STORAGE_LIMIT_MB: '1' } });
    const user = await signedInUser(app);
    const big = await speakInStudio(app, user.cookie, 'preset', 'Pretend this one is huge.');
    await app.db
      .updateTable('speech_tasks')
      .set({ stored_bytes: 1024 * 1024 })
      .where('id', '=', big)
      .execute();
    const page = await historyPage(app, user.cookie);
    expect(page.storage.used_bytes).toBeGreaterThanOrEqual(page.storage.limit_bytes);
    const creditsBefore = await creditsOf(app.db, user.userId);

    await expect(speakInStudio(app, user.cookie, 'preset', 'One more, please.')).rejects.toThrow(
      'Your history has used all of its storage. Delete older generations in History to make room.',
    );
    expect(await creditsOf(app.db, user.userId)).toBe(creditsBefore);
    expect((await historyPage(app, user.cookie)).total).toBe(1);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/history/${big}`,
      headers: { cookie: user.cookie, origin: ORIGIN },
    });
    expect(deleted.statusCode).toBe(204);
    await speakInStudio(app, user.cookie, 'preset', 'One more, please.');
  });
});
