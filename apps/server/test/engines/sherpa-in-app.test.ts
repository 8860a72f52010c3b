import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { measurePitch } from '../../src/audio/pitch.js';
import { checkHealth } from '../../src/domains/health/service.js';
import { MANIFEST_FILE } from '../../src/models/manifest.js';
import { buildTestApp } from '../helpers/build-app.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import {
  kokoroSpeakerHz,
  STAND_IN_KOKORO_SPEAKERS,
  writeStandInKokoroModel,
} from '../helpers/sherpa-stand-ins/kokoro.js';
import { writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';
import { waitForTask } from '../helpers/speech.js';

const ORIGIN = 'http://localhost:3000';
let root: string;
const kokoroModels = () => path.join(root, 'kokoro');
const piperModels = () => path.join(root, 'piper');

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sayso-sherpa-app-'));
  await installStandIn(kokoroModels(), 'kokoro-multi-lang-v1_0', 'kokoro', writeStandInKokoroModel);
  await installStandIn(piperModels(), 'vits-piper-en_US-amy-low', 'vits', (folder) =>
    writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
  );
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

async function speakDemo(app: Awaited<ReturnType<typeof buildTestApp>>, alias: string) {
  const submitted = await app.inject({
    method: 'POST',
    url: '/api/tts',
    headers: { origin: ORIGIN },
    payload: {
      text: 'Welcome to Sayso.',
      model: 'speech-2.5-hd-preview',
      voice_setting: { voice_id: alias, vol: 1, pitch: 0, speed: 1 },
      language_boost: 'Auto',
      with_transcript: false,
    },
  });
  expect(submitted.json()).toMatchObject({ success: true });
  const task = await waitForTask(app, (submitted.json() as { task_id: string }).task_id);
  expect(task.status).toBe('done');
  const audio = await app.inject({ method: 'GET', url: task.audio_url ?? '' });
  const decoded = await decodeMp3(audio.rawPayload);
  return { task, pitchHz: measurePitch(decoded.samples, decoded.sampleRate).medianHz ?? 0 };
}

describe('the sherpa engine in the app', () => {
  it('serves the preset studio with the installed voices, and speaks the free demo with matching neural voices', async () => {
    const app = await buildTestApp({ env: { MODELS_DIR: kokoroModels() } });
    expect((await checkHealth(app)).engines).toContainEqual({ id: 'sherpa', status: 'up', serves: ['preset'] });
    const voices = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { voice_id: string; kind: string }[];
    };
    expect(voices.voices.map((voice) => voice.voice_id)).toContain('kokoro-multi-lang-v1_0.af_heart');
    expect(voices.voices.every((voice) => voice.kind === 'neural')).toBe(true);
    // The demo's British male voice is the installed model's British male speaker.
    const { task, pitchHz } = await speakDemo(app, 'en-gb-male');
    expect(task.metadata.voice_id).toBe('kokoro-multi-lang-v1_0.bm_george');
    const george = kokoroSpeakerHz(STAND_IN_KOKORO_SPEAKERS.indexOf('bm_george'));
    expect(Math.abs(pitchHz - george) / george).toBeLessThan(0.1);
  }, 60_000);

  it('keeps the demo on eSpeak when the installed voices do not cover the demo’s', async () => {
    // The Piper stand-in's one voice has no known gender: it cannot stand in for the demo's voices.
    const app = await buildTestApp({ env: { MODELS_DIR: piperModels() } });
    expect(app.engines.demo()?.engine.id).toBe('espeak');
    const { task } = await speakDemo(app, 'en-us-female');
    expect(task.metadata.voice_id).toBe('en-us-female');
  }, 60_000);

  it('starts with a malformed model record: the record is reported, the bad model skipped, and eSpeak speaks', async () => {
    const folder = path.join(root, 'bad-record');
    await mkdir(path.join(folder, 'kokoro-cut-short'), { recursive: true });
    await writeFile(path.join(folder, 'kokoro-cut-short', MANIFEST_FILE), '{"name": "kokoro-cut');
    const app = await buildTestApp({ env: { MODELS_DIR: folder, SPEECH_ENGINE_A: 'auto', SPEECH_ENGINE_B: 'auto' } });
    const sherpa = (await checkHealth(app)).engines.find((engine) => engine.id === 'sherpa');
    expect(sherpa).toMatchObject({
      status: 'down',
      detail: expect.stringContaining('kokoro-cut-short/sayso-model.json'),
    });
    const { task } = await speakDemo(app, 'en-us-female');
    expect(task.metadata.voice_id).toBe('en-us-female');
  }, 60_000);
});
