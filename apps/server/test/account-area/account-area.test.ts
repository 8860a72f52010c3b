import type { AccountBilling, AccountProfile, AccountSessionList } from '@sayso/contract/account-settings';
import type { FastifyInstance } from 'fastify';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { addBalance } from '../../src/domains/accounts/index.js';
import { booksTotals } from '../../src/domains/accounts/self-service/repository.js';
import { adminCookie, appWithAdmin } from '../helpers/admin.js';
import { buildTestApp } from '../helpers/build-app.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { spokenSampleWav } from '../helpers/samples.js';
import { cookieHeader, ORIGIN, signedInUser, signIn } from '../helpers/sessions.js';
import { speakInStudio } from '../history/history-helpers.js';

const PASSWORD = 'correct horse battery';

const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
  app.inject({ method, url, headers: { origin: ORIGIN, cookie }, ...(payload ? { payload } : {}) });

async function cloneVoice(app: FastifyInstance, cookie: string): Promise<string> {
  const body = new FormData();
  body.append('audio', new Blob([await spokenSampleWav()], { type: 'audio/wav' }), 'me.wav');
  body.append('voice_name', 'My voice');
  body.append('language_tag', 'English');
  const response = await app.inject({
    method: 'POST',
    url: '/api/voice/clone',
    headers: { origin: ORIGIN, cookie },
    payload: body,
  });
  if (response.statusCode !== 200) throw new Error(`clone failed: ${response.body}`);
  return String((response.json() as { id: string }).id);
}

describe('the account area', () => {
  it('answers 401 on every route without a session', async () => {
    const app = await buildTestApp();
    for (const [method, url] of [
      ['GET', '/api/account/profile'],
      ['PATCH', '/api/account/profile'],
      ['POST', '/api/account/email'],
      ['POST', '/api/account/password'],
      ['GET', '/api/account/sessions'],
      ['POST', '/api/account/sessions/end-others'],
      ['GET', '/api/account/billing'],
      ['GET', '/api/account/export'],
      ['POST', '/api/account/delete'],
    ] as const) {
      const response = await app.inject({ method, url, headers: { origin: ORIGIN }, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('renames the user, refuses a blank name, and refreshes the display cookie', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const blank = await call(app, 'PATCH', '/api/account/profile', user.cookie, { name: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ error: 'Please enter your name.', code: 'NAME_REQUIRED' });

    const renamed = await call(app, 'PATCH', '/api/account/profile', user.cookie, { name: '  Amna Khan ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Amna Khan', email: user.email, hasPassword: true });
    expect(String(renamed.headers['set-cookie'])).toContain(encodeURIComponent('"name":"Amna Khan"'));
    const me = await call(app, 'GET', '/api/me', user.cookie);
    expect(me.json()).toMatchObject({ name: 'Amna Khan' });
  });

  it('changes the email only with the right password, and the new email signs in', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const wrong = await call(app, 'POST', '/api/account/email', user.cookie, {
      email: 'new@example.com',
      password: 'not my password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Your current password is not correct.', code: 'CURRENT_PASSWORD_WRONG' });

    const taken = await call(app, 'POST', '/api/account/email', user.cookie, {
      email: other.email,
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(409);
    expect((taken.json() as { code: string }).code).toBe('EMAIL_IN_USE');

    const invalid = await call(app, 'POST', '/api/account/email', user.cookie, { email: 'nope', password: PASSWORD });
    expect((invalid.json() as { code: string }).code).toBe('EMAIL_INVALID');

    const changed = await call(app, 'POST', '/api/account/email', user.cookie, {
      email: 'New.Address@Example.com',
      password: PASSWORD,
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as AccountProfile).email).toBe('new.address@example.com');
    expect((await signIn(app, 'new.address@example.com', PASSWORD)).statusCode).toBe(200);
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
  });

  it('refuses a wrong current password clearly, and a new password works while the old one stops', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const elsewhere = cookieHeader(await signIn(app, user.email, PASSWORD));

    const wrong = await call(app, 'POST', '/api/account/password', user.cookie, {
      currentPassword: 'guess guess guess',
      newPassword: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'Your current password is not correct.', code: 'CURRENT_PASSWORD_WRONG' });
    const short = await call(app, 'POST', '/api/account/password', user.cookie, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.json()).toEqual({
      error: 'The new password must be at least 8 characters.',
      code: 'NEW_PASSWORD_TOO_SHORT',
    });

    const changed = await call(app, 'POST', '/api/account/password', user.cookie, {
      currentPassword: PASSWORD,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ otherSessionsEnded: 1 });
    // The session that changed it goes on; the other one was signed out.
    expect((await call(app, 'GET', '/api/me', user.cookie)).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/me', elsewhere)).statusCode).toBe(401);
    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await signIn(app, user.email, 'a brand new secret')).statusCode).toBe(200);
  });

  it('counts wrong current passwords against the sign-in allowance', async () => {
    const app = await buildTestApp({ env: { SIGN_IN_ATTEMPTS_PER_MINUTE: '2' } });
    const user = await signedInUser(app);
    const attempt = () =>
      call(app, 'POST', '/api/account/password', user.cookie, {
        currentPassword: 'wrong one!',
        newPassword: 'whatever123',
      });
    expect((await attempt()).statusCode).toBe(400);
    expect((await attempt()).statusCode).toBe(400);
    const third = await attempt();
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
  });

  it('lists the sessions with the current one marked, and signs out everywhere else', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const second = cookieHeader(await signIn(app, user.email, PASSWORD));
    const listed = (await call(app, 'GET', '/api/account/sessions', user.cookie)).json() as AccountSessionList;
    expect(listed.sessions).toHaveLength(2);
    expect(listed.sessions.filter((session) => session.current)).toHaveLength(1);

    const ended = await call(app, 'POST', '/api/account/sessions/end-others', user.cookie);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await call(app, 'GET', '/api/me', second)).statusCode).toBe(401);
    const after = (await call(app, 'GET', '/api/account/sessions', user.cookie)).json() as AccountSessionList;
    expect(after.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('shows the user’s own top-ups with their payment reference, purchases and credits spent per day', async () => {
    const app = await appWithAdmin();
    const user = await signedInUser(app);
    const other = await signedInUser(app);
    const topUp = await app.inject({
      method: 'POST',
      url: `/api/admin/users/${user.userId}/balance/add`,
      headers: { origin: ORIGIN, cookie: await adminCookie(app) },
      payload: { amount: 3500, reference: 'EP-TRX-20261128-0042' },
    });
    expect(topUp.statusCode).toBe(200);
    await addBalance(app.db, other.userId, 50, 'ops');
    const bought = await call(app, 'POST', '/api/purchases', user.cookie, {
      packId: 'starter',
      idempotencyKey: 'key-00001',
    });
    expect(bought.statusCode).toBe(200);
    await speakInStudio(app, user.cookie, 'preset', 'Twenty-five characters!!');

    const billing = (await call(app, 'GET', '/api/account/billing', user.cookie)).json() as AccountBilling;
    expect(billing.money.at(-1)).toMatchObject({
      kind: 'admin_add',
      label: 'Top-up',
      amount: 3500,
      balanceAfter: 3500,
      paymentReference: 'EP-TRX-20261128-0042',
    });
    expect(billing.money.every((entry) => entry.asset === 'money')).toBe(true);
    expect(billing.money.some((entry) => entry.amount === 50)).toBe(false);
    expect(billing.purchases).toEqual([expect.objectContaining({ packId: 'starter', price: 3000, currency: 'PKR' })]);
    expect(billing.money[0]).toMatchObject({ kind: 'purchase', label: 'Credit pack purchase', amount: -3000 });
    expect(billing.balance).toBe(500);
    expect(billing.creditsPerDay).toEqual([{ day: new Date().toISOString().slice(0, 10), credits: 24 }]);
  });
});

describe('exporting one’s data', () => {
  it('downloads a ZIP with the profile, the ledger, the history entry with its audio, and the cloned voice', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const taskId = await speakInStudio(app, user.cookie, 'preset', 'Keep this sentence in my export.');
    const voiceId = await cloneVoice(app, user.cookie);
    const someoneElse = await signedInUser(app);
    await speakInStudio(app, someoneElse.cookie, 'preset', 'Not mine to export.');

    const response = await call(app, 'GET', '/api/account/export', user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="sayso-data-\d{4}-\d\d-\d\d\.zip"$/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const json = (name: string) => JSON.parse(new TextDecoder().decode(files[name])) as unknown;

    expect(json('profile.json')).toMatchObject({ email: user.email, credits: 10_000 - 32, balance: 0 });
    const history = json('history.json') as { id: string; text: string; audioFile: string }[];
    expect(history).toEqual([
      expect.objectContaining({
        id: taskId,
        text: 'Keep this sentence in my export.',
        audioFile: `history/${taskId}.mp3`,
      }),
    ]);
    const audio = await app.inject({
      method: 'GET',
      url: `/api/history/${taskId}/download/mp3`,
      headers: { cookie: user.cookie },
    });
    expect(files[`history/${taskId}.mp3`]?.length).toBeGreaterThan(1000);
    expect(audio.statusCode).toBe(200);
    expect(Buffer.from(files[`history/${taskId}.mp3`] ?? [])).toEqual(audio.rawPayload);
    const ledger = json('ledger.json') as { kind: string }[];
    expect(ledger.map((row) => row.kind)).toEqual(['signup_grant', 'hold']);
    const voices = json('voices.json') as { id: string; voice_name: string; sampleFile: string }[];
    expect(voices).toEqual([expect.objectContaining({ id: voiceId, voice_name: 'My voice' })]);
    expect(files[voices[0]?.sampleFile ?? '']?.length).toBeGreaterThan(1000);
    expect(Object.keys(files).some((name) => name.includes('Not mine'))).toBe(false);
    expect(JSON.stringify(history)).not.toContain('Not mine');
  });
});

describe('deleting one’s account', () => {
  it('needs the email typed again', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const response = await call(app, 'POST', '/api/account/delete', user.cookie, { confirmEmail: 'someone@else.com' });
    expect(response.statusCode).toBe(400);
    expect((response.json() as { code: string }).code).toBe('DELETE_NOT_CONFIRMED');
    expect((await call(app, 'GET', '/api/me', user.cookie)).statusCode).toBe(200);
  });

  it('removes the user, their voices, history and files; keeps the ledger anonymised and the books balanced', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const stays = await signedInUser(app);
    await addBalance(app.db, user.userId, 700, 'ops');
    await addBalance(app.db, stays.userId, 300, 'ops');
    await speakInStudio(app, user.cookie, 'preset', 'Gone with the account.');
    await cloneVoice(app, user.cookie);
    const fileKeys = await app.db
      .selectFrom('speech_tasks')
      .select('audio_key')
      .where('user_id', '=', user.userId)
      .execute();
    const voiceKeys = await app.db
      .selectFrom('cloned_voices')
      .select('sample_key')
      .where('user_id', '=', user.userId)
      .execute();

    const response = await call(app, 'POST', '/api/account/delete', user.cookie, {
      confirmEmail: user.email.toUpperCase(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      deleted: true,
      forfeitedCredits: 10_000 - 22,
      forfeitedBalance: 700,
      currency: 'PKR',
    });
    expect(String(response.headers['set-cookie'])).toContain('user=;');

    expect((await signIn(app, user.email, PASSWORD)).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/me', user.cookie)).statusCode).toBe(401);
    expect(
      await app.db.selectFrom('user').select('id').where('id', '=', user.userId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await app.db.selectFrom('speech_tasks').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      [],
    );
    expect(await app.db.selectFrom('cloned_voices').select('id').where('user_id', '=', user.userId).execute()).toEqual(
      [],
    );
    for (const { audio_key } of fileKeys) expect(await app.storage.stat(audio_key ?? '')).toBeNull();
    for (const { sample_key } of voiceKeys) expect(await app.storage.stat(sample_key)).toBeNull();

    // The rows stay, under one pseudonym, and sum to nothing: credits and money were forfeited.
    const kept = await app.db
      .selectFrom('ledger_entries')
      .select(['former_account', 'asset', 'amount', 'kind'])
      .where('user_id', 'is', null)
      .execute();
    expect(new Set(kept.map((row) => row.former_account)).size).toBe(1);
    expect(kept.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['signup_grant', 'admin_add', 'hold', 'account_deleted']),
    );
    for (const asset of ['credits', 'money'] as const) {
      expect(kept.filter((row) => row.asset === asset).reduce((sum, row) => sum + Number(row.amount), 0)).toBe(0);
    }
    const totals = await booksTotals(app.db);
    expect(totals.ledgerCredits).toBe(totals.credits);
    expect(totals.ledgerMoney).toBe(totals.balance);
    expect(totals.balance).toBe(300);
    await expectLedgerInvariants(app.db);
    expect((await call(app, 'GET', '/api/me', stays.cookie)).json()).toMatchObject({ balance: 300 });
  });

  it('refuses to delete a user with ledger rows any other way', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    await expect(app.db.deleteFrom('user').where('id', '=', user.userId).execute()).rejects.toThrow(/foreign key/);
  });
});
