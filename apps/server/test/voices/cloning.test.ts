import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { saveClonedVoice } from '../../src/domains/voices/repository.js';
import { MAX_CLONED_VOICES } from '../../src/domains/voices/service.js';
import { buildTestApp, localFilesDir } from '../helpers/build-app.js';
import { describeOnEachDatabase } from '../helpers/databases.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { silentWav, spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

interface CloneForm {
  audio?: { bytes: Buffer; name: string; type?: string };
  voice_name?: string;
  language_tag?: string;
  preview_text?: string;
}

function clone(app: FastifyInstance, cookie: string, form: CloneForm) {
  const body = new FormData();
  if (form.audio) {
    body.append('audio', new Blob([form.audio.bytes], { type: form.audio.type ?? 'audio/wav' }), form.audio.name);
  }
  for (const field of ['voice_name', 'language_tag', 'preview_text'] as const) {
    const value = form[field];
    if (value !== undefined) body.append(field, value);
  }
  body.append('need_noise_reduction', 'true');
  return app.inject({ method: 'POST', url: '/api/voice/clone', headers: { origin: ORIGIN, cookie }, payload: body });
}

async function storedFiles(app: FastifyInstance, folder: string): Promise<string[]> {
  return readdir(path.join(localFilesDir(app), folder), { recursive: true }).catch(() => []);
}

describe('cloning a voice from a sample', () => {
  it('creates a voice, lists it, speaks with it, and deletes it with its files', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const wav = await spokenSampleWav();
    const created = await clone(app, user.cookie, {
      audio: { bytes: wav, name: 'my voice.wav' },
      voice_name: 'My voice',
      language_tag: 'English',
      preview_text: 'Hello, this is my new voice.',
    });
    expect(created.statusCode).toBe(200);
    const body = created.json() as Record<string, unknown>;
    expect(body).toMatchObject({ success: true, voice_name: 'My voice', approximate: true });
    expect(body.clone_voice_id).toBe(body.id);
    expect(body.voice_id).toBe(body.id);
    const voiceId = String(body.id);

    const list = (
      await app.inject({ method: 'GET', url: '/api/voice/cloned', headers: { cookie: user.cookie } })
    ).json();
    expect(list).toMatchObject({ voices: [{ voiceId, voiceName: 'My voice', mp3Link: body.mp3_link }] });
    const preview = await app.inject({ method: 'GET', url: String(body.mp3_link), headers: { cookie: user.cookie } });
    expect((await decodeMp3(preview.rawPayload)).durationMs).toBeGreaterThan(1_000);
    const stranger = await signedInUser(app);
    expect(
      (await app.inject({ method: 'GET', url: String(body.mp3_link), headers: { cookie: stranger.cookie } }))
        .statusCode,
    ).toBe(404);

    const text = 'This sentence is spoken with my own cloned voice.';
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: {
        text,
        model: 'speech-2.5-hd-preview',
        voice_setting: { voice_id: voiceId, vol: 1, pitch: 0, speed: 1 },
      },
    });
    expect(submitted.statusCode).toBe(200);
    const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id, user.cookie);
    expect(task.status).toBe('done');
    // Another user cannot speak with this voice.
    const borrowed = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN, cookie: stranger.cookie },
      payload: { text, voice_setting: { voice_id: voiceId } },
    });
    expect(borrowed.json()).toEqual({
      error: 'The selected voice is not available. Please select a different voice.',
      code: 'VOICE_UNAVAILABLE',
    });

    expect(await storedFiles(app, 'voice-samples')).not.toHaveLength(0);
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/voice/${voiceId}`,
      headers: { origin: ORIGIN, cookie: user.cookie },
    });
    expect(removed.json()).toEqual({ success: true });
    expect(
      (await app.inject({ method: 'GET', url: '/api/voice/cloned', headers: { cookie: user.cookie } })).json(),
    ).toEqual({
      voices: [],
    });
    expect((await storedFiles(app, 'voice-samples')).filter((name) => name.endsWith('.wav'))).toEqual([]);
    expect(await storedFiles(app, 'voice-previews')).toEqual([]);
    const missing = await app.inject({
      method: 'DELETE',
      url: '/api/voice/',
      headers: { origin: ORIGIN, cookie: user.cookie },
    });
    expect(missing.json()).toEqual({ error: 'Voice ID is required', code: 'VOICE_ID_REQUIRED' });
    await expectLedgerInvariants(app.db);
  });

  it('refuses bad uploads with the spec’s messages and keeps nothing of them', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const wav = await spokenSampleWav();
    const mp4Header = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(4000)]);
    const cases: [CloneForm, number, string][] = [
      [{ voice_name: 'No file' }, 400, 'Please upload an audio file first.'],
      [{ audio: { bytes: wav, name: 'a.wav' }, voice_name: '  ' }, 400, 'Voice name is required'],
      [
        { audio: { bytes: wav, name: 'a.wav' }, voice_name: 'Long', preview_text: 'x'.repeat(301) },
        400,
        'Sample text must be 300 characters or less.',
      ],
      [
        { audio: { bytes: Buffer.alloc(0), name: 'empty.wav' }, voice_name: 'Empty' },
        400,
        'The uploaded file is empty. Please select a valid audio file.',
      ],
      [
        {
          audio: {
            bytes: Buffer.from('this is not audio at all, only text '.repeat(100)),
            name: 'fake.mp3',
            type: 'audio/mpeg',
          },
          voice_name: 'Fake',
        },
        415,
        "Unable to read audio file. Please make sure it's a valid audio file.",
      ],
      [
        { audio: { bytes: mp4Header, name: 'clip.mp3', type: 'audio/mpeg' }, voice_name: 'Video' },
        415,
        'Unsupported file format: MP4. Please upload a valid audio or video file.',
      ],
      [
        { audio: { bytes: silentWav(5), name: 'short.wav' }, voice_name: 'Short' },
        400,
        'Audio file must be at least 10 seconds long.',
      ],
      [
        { audio: { bytes: silentWav(301), name: 'long.wav' }, voice_name: 'Long' },
        400,
        'Audio file must be no longer than 5 minutes (300 seconds).',
      ],
    ];
    for (const [form, status, message] of cases) {
      const response = await clone(app, user.cookie, form);
      expect(response.json(), message).toEqual({ error: message, code: expect.stringMatching(/^[A-Z_]+$/) });
      expect(response.statusCode, message).toBe(status);
    }
    const anonymous = await clone(app, '', { audio: { bytes: wav, name: 'a.wav' }, voice_name: 'Anon' });
    expect(anonymous.statusCode).toBe(401);
    expect(await storedFiles(app, 'voice-samples')).toEqual([]);
  });

  it('answers 413 for 20 MB + 1 byte and writes nothing to storage', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const tooBig = Buffer.alloc(20 * 1024 * 1024 + 1);
    const response = await clone(app, user.cookie, { audio: { bytes: tooBig, name: 'big.wav' }, voice_name: 'Big' });
    expect(response.statusCode).toBe(413);
    expect((response.json() as { error: string }).error).toMatch(
      /^File too large\. Maximum size: 20MB, your file: 20\.\d\dMB$/,
    );
    expect(await storedFiles(app, 'voice-samples')).toEqual([]);
  });
});

describeOnEachDatabase('the five-voice limit', (target) => {
  it('refuses a sixth voice on the server, and two racing creations with four saved end with exactly five', async () => {
    // A migrated copy where the target has one: the limit, not a first start, is what is tested.
    const { database, cleanup } = await target.openMigrated();
    onTestFinished(cleanup);
    const app = await buildTestApp({ override: (config) => ({ ...config, database }) });
    const user = await signedInUser(app);
    for (let i = 0; i < 4; i += 1) {
      await saveClonedVoice(
        app.db,
        {
          id: `ec-en-us-m3-p50-00000${i}`,
          userId: user.userId,
          engine: 'espeak',
          name: `Voice ${i}`,
          language: 'English',
          approximate: true,
          sampleKey: `voice-samples/${user.userId}/seed${i}.wav`,
          previewKey: null,
        },
        MAX_CLONED_VOICES,
      );
    }
    const wav = await spokenSampleWav();
    const race = await Promise.all(
      ['Fifth A', 'Fifth B'].map((name) =>
        clone(app, user.cookie, { audio: { bytes: wav, name: 'a.wav' }, voice_name: name }),
      ),
    );
    expect(race.map((response) => response.statusCode).sort()).toEqual([200, 409]);
    const list = (
      await app.inject({ method: 'GET', url: '/api/voice/cloned', headers: { cookie: user.cookie } })
    ).json() as {
      voices: unknown[];
    };
    expect(list.voices).toHaveLength(5);
    const sixth = await clone(app, user.cookie, { audio: { bytes: wav, name: 'a.wav' }, voice_name: 'Sixth' });
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toEqual({
      error: 'You have reached the maximum limit of 5 cloned voices',
      code: 'VOICE_LIMIT_REACHED',
    });
    // The loser of the race kept no files.
    expect((await storedFiles(app, 'voice-samples')).filter((name) => name.endsWith('.wav'))).toHaveLength(1);
  });
});
