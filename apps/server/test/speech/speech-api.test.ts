import { describe, expect, it, onTestFinished } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { checkHealth } from '../../src/domains/health/service.js';
import { parseRange } from '../../src/domains/speech/byte-range.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { createMinimaxEngine } from '../../src/engines/minimax/minimax-engine.js';
import { startFakeMinimax } from '../fakes/fake-minimax.js';
import { buildTestApp } from '../helpers/build-app.js';
import { expectLedgerInvariants } from '../helpers/money.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

/** Counts MPEG audio frames by walking their headers: proof the bytes are MP3, and its length. */
function mp3Frames(bytes: Buffer): { frames: number; seconds: number } {
  const BITRATES = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
  const RATES = [44100, 48000, 32000];
  let offset = 0;
  let frames = 0;
  let seconds = 0;
  while (offset + 4 <= bytes.length) {
    const header = bytes.readUInt32BE(offset);
    if ((header & 0xffe00000) >>> 0 !== 0xffe00000) throw new Error(`no frame sync at ${offset}`);
    const version = (header >>> 19) & 3; // 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5
    const bitrate = BITRATES[(header >>> 12) & 15] ?? 0;
    const divisor = version === 3 ? 1 : version === 2 ? 2 : 4;
    const rate = (RATES[(header >>> 10) & 3] ?? 44100) / divisor;
    const mpeg1 = version === 3;
    // At 22,050 Hz the encoder writes MPEG-2 frames, whose layer III bitrate table differs from MPEG-1’s.
    const kbps = mpeg1
      ? bitrate
      : ([0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160][(header >>> 12) & 15] ?? 0);
    const padding = (header >>> 9) & 1;
    const samples = mpeg1 ? 1152 : 576;
    const size = Math.floor(((samples / 8) * kbps * 1000) / rate) + padding;
    if (size <= 4) throw new Error('bad frame size');
    frames += 1;
    seconds += samples / rate;
    offset += size;
  }
  return { frames, seconds };
}

const VOICE = 'espeak-en-us-f2';

describe('speech API on the embedded engine', () => {
  it('turns text into MP3 and an SRT transcript, and spends exactly the trimmed length in credits', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const text = '  Hello from Sayso. This sentence is spoken by the embedded engine! Is it clear?  ';
    const submitted = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { text, voice_id: VOICE, model_id: 'espeak-ng', with_transcript: true, speed: 1, pitch: 0, volume: 1 },
    });
    expect(submitted.statusCode).toBe(200);
    const { task_id: taskId, id } = submitted.json() as { task_id: string; id: string };
    expect(id).toBe(taskId);
    const task = await waitForTask(app, taskId, user.cookie);
    expect(task).toMatchObject({ status: 'done', progress: 100, error_message: null, metadata: { voice_id: VOICE } });

    const audioUrl = new URL(task.audio_url ?? '');
    const audio = await app.inject({ method: 'GET', url: audioUrl.pathname + audioUrl.search });
    expect(audio.headers['content-type']).toBe('audio/mpeg');
    expect(audio.headers['access-control-allow-origin']).toBe('*');
    const { frames, seconds } = mp3Frames(audio.rawPayload);
    expect(frames).toBeGreaterThan(50);
    expect(seconds).toBeGreaterThan(2);

    const ranged = await app.inject({
      method: 'GET',
      url: audioUrl.pathname + audioUrl.search,
      headers: { range: 'bytes=0-99' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.rawPayload.length).toBe(100);
    const beyond = await app.inject({
      method: 'GET',
      url: audioUrl.pathname + audioUrl.search,
      headers: { range: `bytes=${audio.rawPayload.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${audio.rawPayload.length}`);

    const srtUrl = new URL(task.transcript_url ?? '');
    const srt = (await app.inject({ method: 'GET', url: srtUrl.pathname + srtUrl.search })).body;
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:0\d,\d{3}\nHello from Sayso\./);
    expect(srt).toContain('Is it clear?');

    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json() as {
      credits: number;
      totalCreditsUsed: number;
    };
    expect(me.credits).toBe(10_000 - text.trim().length);
    expect(me.totalCreditsUsed).toBe(text.trim().length);
    await expectLedgerInvariants(app.db);
  });

  it('refuses bad requests with the spec’s messages and holds nothing', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/api/elevenlabs/tts',
        headers: { origin: ORIGIN, cookie: user.cookie },
        payload,
      });
    const cases: [object, string][] = [
      [{ text: '   ', voice_id: VOICE, model_id: 'm' }, 'Text is required'],
      [{ text: 'hi', model_id: 'm' }, 'Voice ID is required'],
      [{ text: 'hi', voice_id: VOICE }, 'Model ID is required'],
      [
        { text: 'x'.repeat(50_001), voice_id: VOICE, model_id: 'm' },
        'Text exceeds maximum length of 50,000 characters',
      ],
      [
        { text: 'hi', voice_id: 'nobody', model_id: 'm' },
        'The selected voice is not available. Please select a different voice.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, message).toBe(400);
      expect(response.json()).toEqual({ error: message, code: expect.stringMatching(/^[A-Z_]+$/) });
    }
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN },
      payload: { text: 'hi', voice_id: VOICE, model_id: 'm' },
    });
    expect(anonymous.statusCode).toBe(401);
    const me = (await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: user.cookie } })).json() as {
      credits: number;
    };
    expect(me.credits).toBe(10_000);
  });

  it('answers 402 when the credits do not cover the text', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN, cookie: user.cookie },
      payload: { text: 'y'.repeat(10_001), voice_id: VOICE, model_id: 'espeak-ng' },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'Insufficient credits', code: 'INSUFFICIENT_CREDITS' });
  });

  it('serves the free demo anonymously, keeps other users out of a signed-in task, and limits the demo per address', async () => {
    const app = await buildTestApp({ env: { DEMO_REQUESTS_PER_HOUR: '2' } });
    const demo = () =>
      app.inject({
        method: 'POST',
        url: '/api/tts',
        headers: { origin: ORIGIN },
        remoteAddress: '198.51.100.7',
        payload: {
          text: 'Welcome to Sayso.',
          model: 'speech-2.5-hd-preview',
          voice_setting: { voice_id: 'en-us-female', vol: 1, pitch: 0, speed: 1 },
          language_boost: 'Auto',
          with_transcript: false,
        },
      });
    const first = await demo();
    expect(first.json()).toMatchObject({ success: true });
    const task = await waitForTask(app, (first.json() as { task_id: string }).task_id);
    expect(task.status).toBe('done');
    expect((await demo()).statusCode).toBe(200);
    const limited = await demo();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    const owner = await signedInUser(app);
    const other = await signedInUser(app);
    const own = await app.inject({
      method: 'POST',
      url: '/api/elevenlabs/tts',
      headers: { origin: ORIGIN, cookie: owner.cookie },
      payload: { text: 'Private words.', voice_id: VOICE, model_id: 'espeak-ng' },
    });
    const ownId = (own.json() as { task_id: string }).task_id;
    const peek = await app.inject({ method: 'GET', url: `/api/task/${ownId}`, headers: { cookie: other.cookie } });
    expect(peek.statusCode).toBe(404);
    const missing = await app.inject({ method: 'GET', url: '/api/task/' });
    expect(missing.json()).toEqual({ error: 'Task ID is required', code: 'TASK_ID_REQUIRED' });
    await waitForTask(app, ownId, owner.cookie);
  });

  it('labels each preset voice with what speaks it, so the library can filter and pick by kind', async () => {
    const app = await buildTestApp();
    const { voices } = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { kind: string }[];
    };
    expect(voices.length).toBeGreaterThan(0);
    expect(new Set(voices.map((voice) => voice.kind))).toEqual(new Set(['espeak']));
  });

  it('serves a voice preview, rendered once and then kept', async () => {
    const app = await buildTestApp();
    const voices = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { voice_id: string; preview_url: string }[];
    };
    const oliver = voices.voices.find((voice) => voice.voice_id === 'espeak-en-gb-m3');
    expect(oliver?.preview_url).toBe('/api/voices/espeak-en-gb-m3/preview.mp3');
    const first = await app.inject({ method: 'GET', url: oliver?.preview_url ?? '' });
    expect(first.headers['content-type']).toBe('audio/mpeg');
    expect(mp3Frames(first.rawPayload).seconds).toBeGreaterThan(2);
    expect(await app.storage.stat('previews/espeak/v2/espeak-en-gb-m3.mp3')).not.toBeNull();
    const again = await app.inject({ method: 'GET', url: oliver?.preview_url ?? '' });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/voices/nobody/preview.mp3' })).statusCode).toBe(404);
  });

  it('speaks the landing demo with eSpeak even when MiniMax serves the clone studio', async () => {
    const fake = await startFakeMinimax();
    onTestFinished(() => fake.close());
    const minimax = createMinimaxEngine({
      apiKey: fake.apiKey,
      baseUrl: fake.url,
      defaultModel: 'speech-2.8-hd',
      http: { sleep: async () => {} },
    });
    const app = await buildTestApp({ engines: [createEspeakEngine(), minimax] });
    const health = await checkHealth(app);
    expect(health.engines).toContainEqual({ id: 'minimax', status: 'up', serves: ['clone'] });

    const submitted = await app.inject({
      method: 'POST',
      url: '/api/tts',
      headers: { origin: ORIGIN },
      payload: {
        text: 'Welcome to Sayso. This is the demo.',
        model: 'speech-2.5-hd-preview',
        voice_setting: { voice_id: 'en-gb-male', vol: 1, pitch: 0, speed: 1 },
        language_boost: 'Auto',
        with_transcript: false,
      },
    });
    expect(submitted.json()).toMatchObject({ success: true });
    const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id);
    expect(task.error_message).toBeNull();
    expect(task.status).toBe('done');
    const audio = new URL(task.audio_url ?? '');
    const bytes = (await app.inject({ method: 'GET', url: audio.pathname + audio.search })).rawPayload;
    expect((await decodeMp3(bytes)).durationMs).toBeGreaterThan(1_000);
    // The demo voice id never reached the cloud engine.
    expect(fake.requests.some((request) => JSON.stringify(request).includes('en-gb-male'))).toBe(false);
  }, 60_000);

  it('refuses forged or expired file links', async () => {
    const app = await buildTestApp();
    const response = await app.inject({
      method: 'GET',
      url: `/api/files/tasks/${'a'.repeat(32)}/audio.mp3?expires=${Math.floor(Date.now() / 1000) + 60}&sig=forged`,
    });
    expect(response.statusCode).toBe(403);
  });

  it('reads single byte ranges', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=2000-', 1000)).toBe('unsatisfiable');
    expect(parseRange(undefined, 1000)).toBeNull();
  });
});
