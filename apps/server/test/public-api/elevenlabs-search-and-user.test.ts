import { ElevenLabs, ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it } from 'vitest';
import { applyMovement } from '../../src/domains/accounts/ledger-repository.js';
import { ALL_SCOPES, apiUser, createApiKey, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { creditsOf } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';

const VOICE = 'espeak-en-us-f2';
const SPOKEN = 'Counting the characters spoken.';

function sdk(base: string, secret: string) {
  return new ElevenLabsClient({ apiKey: secret, baseUrl: `${base}/elevenlabs`, maxRetries: 0 });
}

async function speakToTheEnd(client: ElevenLabsClient, text: string): Promise<void> {
  const audio = await client.textToSpeech.convert(VOICE, { text, outputFormat: 'pcm_16000' });
  for await (const _ of audio) {
    // Read to the end: only delivered audio is paid for.
  }
}

async function refusal(call: Promise<unknown>): Promise<ElevenLabsError> {
  const thrown = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(thrown instanceof ElevenLabsError)) throw new Error(`expected a refusal, got ${String(thrown)}`);
  return thrown;
}

/** Every voice a search finds, page by page as a client walks them. */
async function allPages(client: ElevenLabsClient, request: ElevenLabs.VoicesSearchRequest) {
  const pages: ElevenLabs.GetVoicesV2Response[] = [];
  let nextPageToken: string | undefined;
  do {
    const page = await client.voices.search({ ...request, nextPageToken });
    pages.push(page);
    nextPageToken = page.nextPageToken;
    expect(page.hasMore).toBe(nextPageToken !== undefined);
  } while (nextPageToken && pages.length < 100);
  return pages;
}

describe('ElevenLabs SDK: voices.search (GET /v2/voices)', { timeout: 90_000 }, () => {
  it('finds a voice by part of its name, whatever the case, and pages through every voice', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret } = await apiUser(app);
    const client = sdk(base, secret);
    const { voices: everyVoice } = await client.voices.getAll();
    expect(everyVoice.length).toBeGreaterThan(4);

    // The voice with the longest name, and a piece from the middle of it, upper-cased: case does not matter.
    const wanted = [...everyVoice].sort((a, b) => (b.name ?? '').length - (a.name ?? '').length)[0];
    const name = wanted?.name ?? '';
    expect(name.length).toBeGreaterThan(5);
    const piece = name.slice(1, 5).toUpperCase();
    const found = await client.voices.search({ search: piece });
    expect(found.voices.map((voice) => voice.voiceId)).toContain(wanted?.voiceId);
    expect(found.totalCount).toBeLessThan(everyVoice.length);
    for (const voice of found.voices) {
      const fields = [voice.name, voice.description ?? '', voice.category ?? '', ...Object.values(voice.labels ?? {})];
      expect(fields.join(' ').toLowerCase()).toContain(piece.toLowerCase());
    }
    const nothing = await client.voices.search({ search: 'no voice is called this' });
    expect(nothing).toMatchObject({ voices: [], hasMore: false, totalCount: 0 });

    // Pages of three: each voice once, in the list's order, with the total on every page.
    const pages = await allPages(client, { pageSize: 3 });
    expect(pages.length).toBe(Math.ceil(everyVoice.length / 3));
    expect(pages.every((page) => page.totalCount === everyVoice.length)).toBe(true);
    expect(
      pages.every((page, index) => page.voices.length === (index < pages.length - 1 ? 3 : pages.at(-1)?.voices.length)),
    ).toBe(true);
    expect(pages.flatMap((page) => page.voices.map((voice) => voice.voiceId))).toEqual(
      everyVoice.map((voice) => voice.voiceId),
    );
    // Without page_size, ElevenLabs' default of 10.
    expect((await client.voices.search()).voices).toHaveLength(Math.min(10, everyVoice.length));
    app.server.closeAllConnections();
  });

  it('sorts, filters by type, category, label and language, and refuses a made-up page token', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret } = await apiUser(app);
    const client = sdk(base, secret);
    const sample = await spokenSampleWav('en-us+m3', 40);
    const added = await client.voices.ivc.create({
      name: 'Aardvark narrator',
      files: [{ data: sample, filename: 'sample.wav', contentType: 'audio/wav' }],
      labels: { language: 'en' },
    });
    const { voices: everyVoice } = await client.voices.getAll();

    const byName = (await client.voices.search({ sort: 'name', pageSize: 100 })).voices.map(
      (voice) => voice.name ?? '',
    );
    expect(byName).toEqual([...byName].sort((a, b) => a.localeCompare(b, 'en')));
    const backwards = await client.voices.search({ sort: 'name', sortDirection: 'desc', pageSize: 100 });
    expect(backwards.voices.map((voice) => voice.name)).toEqual([...byName].reverse());
    // Newest first by default: the clone is the only voice with a creation time.
    const newest = await client.voices.search({ sort: 'created_at_unix', pageSize: 1 });
    expect(newest.voices[0]?.voiceId).toBe(added.voiceId);

    const mine = await client.voices.search({ voiceType: 'personal' });
    expect(mine.voices.map((voice) => voice.voiceId)).toEqual([added.voiceId]);
    const cloned = await client.voices.search({ category: 'cloned' });
    expect(cloned.voices.map((voice) => voice.voiceId)).toEqual([added.voiceId]);
    const presets = await client.voices.search({ voiceType: 'default', pageSize: 100 });
    expect(presets.totalCount).toBe(everyVoice.length - 1);
    expect(presets.voices.every((voice) => voice.category === 'premade')).toBe(true);
    expect((await client.voices.search({ voiceType: 'community' })).totalCount).toBe(0);

    const female = await client.voices.search({ gender: 'FEMALE', pageSize: 100 });
    expect(female.totalCount).toBeGreaterThan(0);
    expect(female.voices.every((voice) => voice.labels?.gender === 'female')).toBe(true);
    const english = await client.voices.search({ language: 'en', pageSize: 100 });
    expect(english.voices.map((voice) => voice.voiceId)).toEqual(expect.arrayContaining([VOICE, added.voiceId]));
    const germanOrEnglish = await client.voices.search({ language: ['de', 'en'], pageSize: 100 });
    expect(germanOrEnglish.totalCount).toBeGreaterThanOrEqual(english.totalCount);
    const two = await client.voices.search({ voiceIds: [VOICE, added.voiceId] });
    expect(two.voices.map((voice) => voice.voiceId).sort()).toEqual([VOICE, added.voiceId].sort());

    const madeUp = await refusal(client.voices.search({ nextPageToken: 'give me everything' }));
    expect(madeUp).toBeInstanceOf(ElevenLabs.UnprocessableEntityError);
    expect(madeUp.body).toMatchObject({ detail: [{ loc: ['query', 'next_page_token'] }] });
    app.server.closeAllConnections();
  });

  it('needs the voices:read scope', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret } = await apiUser(app, { scopes: ['speech'] });
    const error = await refusal(sdk(base, secret).voices.search());
    expect(error.statusCode).toBe(403);
    expect(error.body).toMatchObject({ detail: { status: 'missing_permissions' } });
    app.server.closeAllConnections();
  });
});

describe('ElevenLabs SDK: user.get and user.subscription.get', { timeout: 90_000 }, () => {
  it('counts the characters a key speaks against a limit of what it may still speak', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret, userId, cookie } = await apiUser(app);
    const client = sdk(base, secret);
    const credits = await creditsOf(app.db, userId);

    const before = await client.user.subscription.get();
    expect(before).toMatchObject({ characterCount: 0, characterLimit: credits, voiceSlotsUsed: 0, voiceLimit: 5 });
    expect(before.hasOpenInvoices).toBe(false);
    const reset = new Date((before.nextCharacterCountResetUnix ?? 0) * 1000);
    expect(reset.getUTCDate()).toBe(1);
    expect(reset.getTime()).toBeGreaterThan(Date.now());

    await speakToTheEnd(client, SPOKEN);
    const after = await client.user.subscription.get();
    // The count moves by the characters spoken; the limit stays: the credits paid for them.
    expect(after.characterCount).toBe(SPOKEN.length);
    expect(after.characterLimit).toBe(credits);
    expect(await creditsOf(app.db, userId)).toBe(credits - SPOKEN.length);

    const user = await client.user.get();
    expect(user).toMatchObject({ userId, isApiKeyHashed: true });
    expect(user.subscription).toMatchObject({ characterCount: SPOKEN.length, characterLimit: credits });
    expect(user.createdAt).toBeGreaterThan(0);

    // Another key of the same owner counts its own characters; what it may speak is the credits left.
    const other = await createApiKey(app, cookie, { name: 'Other key', scopes: ['speech'] });
    const theirs = await sdk(base, other.secret).user.subscription.get();
    expect(theirs).toMatchObject({ characterCount: 0, characterLimit: credits - SPOKEN.length });
    app.server.closeAllConnections();
  });

  it('under a monthly cap, the limit is the cap, or less when the credits run short', async () => {
    const app = await buildTestApp();
    const base = await listening(app);
    const { secret, userId } = await apiUser(app, { scopes: ALL_SCOPES, monthlyCharacterCap: 500 });
    const client = sdk(base, secret);
    expect(await client.user.subscription.get()).toMatchObject({ characterCount: 0, characterLimit: 500 });

    await speakToTheEnd(client, SPOKEN);
    expect(await client.user.subscription.get()).toMatchObject({
      characterCount: SPOKEN.length,
      characterLimit: 500,
    });

    // Down to 100 credits (through the ledger): fewer than the cap has left.
    await app.db.transaction().execute(async (trx) => {
      const current = await creditsOf(trx, userId);
      await applyMovement(trx, { userId, asset: 'credits', amount: 100 - current, kind: 'admin_deduct' });
    });
    expect(await client.user.subscription.get()).toMatchObject({
      characterCount: SPOKEN.length,
      characterLimit: SPOKEN.length + 100,
    });
    app.server.closeAllConnections();
  });
});

describe('/api/docs', () => {
  it('describes the search and usage routes, and the guide lists them with the API’s limits', async () => {
    const app = await buildTestApp();
    const described = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      info: { description: string };
      paths: Record<string, unknown>;
    };
    for (const path of ['/elevenlabs/v2/voices', '/elevenlabs/v1/user', '/elevenlabs/v1/user/subscription']) {
      expect(described.paths).toHaveProperty([path]);
      expect(described.info.description).toContain(`GET ${path.replace('/elevenlabs', '')}`);
    }
    expect(described.info.description).toContain('API_REQUESTS_PER_KEY_PER_MINUTE');
    expect(described.info.description).toContain('API_ACTIVE_REQUESTS_PER_KEY');
  });
});
