import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHealth } from '../../src/domains/health/service.js';
import { createKokoroEngine } from '../../src/engines/kokoro/engine.js';
import { EngineError } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';
import { writeStandInKokoroFolder } from '../helpers/kokoro-model.js';
import { describeEngineContract } from './engine-contract.js';

// The real Kokoro-82M model cannot be downloaded on these machines. The real kokoro-js, transformers.js
// and onnxruntime-node run against a stand-in model with Kokoro's inputs and output, written here.
let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'sayso-kokoro-'));
  await writeStandInKokoroFolder(path.join(folder, 'kokoro'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describeEngineContract('kokoro (kokoro-js + onnxruntime-node on a stand-in model)', {
  create: async () => createKokoroEngine({ modelDir: path.join(folder, 'kokoro') }),
  voiceId: 'kokoro-af-heart',
});

describe('the Kokoro engine without its model', () => {
  it('is down with a reason that says how to get the model, and refuses to speak', async () => {
    const engine = createKokoroEngine({ modelDir: path.join(tmpdir(), 'no-such-kokoro-model') });
    const status = await engine.status();
    expect(status).toEqual({ state: 'down', reason: expect.stringContaining('npm run models:kokoro') });
    const failure = engine.synthesize({
      text: 'Hello.',
      voiceId: 'kokoro-af-heart',
      modelId: null,
      speed: 1,
      pitch: 0,
      volume: 1,
      language: null,
    });
    await expect(failure).rejects.toBeInstanceOf(EngineError);
    await expect(failure).rejects.toMatchObject({ code: 'unavailable' });
  });

  it('serves the preset studio when its model is present, and the staff health report says so', async () => {
    const withModel = await buildTestApp({ env: { KOKORO_MODEL_DIR: path.join(folder, 'kokoro') } });
    const health = await checkHealth(withModel);
    expect(health.engines).toContainEqual({ id: 'kokoro', status: 'up', serves: ['preset'] });
    const voices = (await withModel.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { voice_id: string }[];
    };
    expect(voices.voices[0]?.voice_id).toBe('kokoro-af-heart');

    const without = await buildTestApp();
    const down = await checkHealth(without);
    expect(down.engines.find((engine) => engine.id === 'kokoro')).toMatchObject({
      status: 'down',
      detail: expect.stringContaining('no Kokoro model'),
    });
  });
});
