import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { checkHealth } from '../../src/domains/health/service.js';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { createEngineRegistry } from '../../src/engines/registry.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';

/** A second engine built on eSpeak under another id, up or down as the test needs. */
function otherEngine(
  id: string,
  status: Awaited<ReturnType<SpeechEngineV1['status']>>,
  capabilities: Partial<SpeechEngineV1['capabilities']> = {},
): SpeechEngineV1 {
  const espeak = createEspeakEngine();
  return {
    ...espeak,
    id,
    capabilities: { ...espeak.capabilities, ...capabilities },
    status: async () => status,
    listVoices: async () => (await espeak.listVoices()).map((voice) => ({ ...voice, id: `${id}-${voice.id}` })),
  };
}

async function health(app: Awaited<ReturnType<typeof buildTestApp>>) {
  // The staff report (GET /api/admin/health); /api/health itself tells anonymous callers only up or down.
  return checkHealth(app);
}

describe('choosing the engine of each studio', () => {
  it('serves both studios with eSpeak when no other engine is up, and says so in the staff health report', async () => {
    const app = await buildTestApp();
    expect((await health(app)).engines).toEqual([
      { id: 'espeak', status: 'up', serves: ['preset', 'clone'] },
      { id: 'sherpa', status: 'down', detail: expect.stringContaining('npm run models'), serves: [] },
    ]);
  });

  it('puts a neural engine that is up in the preset studio (the spec’s provider B) when left on auto', async () => {
    const neural = otherEngine('sherpa', { state: 'up' }, { cloning: false });
    const app = await buildTestApp({ engines: [createEspeakEngine(), neural] });
    expect((await health(app)).engines).toEqual([
      { id: 'espeak', status: 'up', serves: ['clone'] },
      { id: 'sherpa', status: 'up', serves: ['preset'] },
    ]);
    const voices = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { voice_id: string }[];
    };
    expect(voices.voices[0]?.voice_id).toMatch(/^sherpa-/);
  });

  it('chooses again when an engine’s models change: a cloning model moves the clone studio, and back', async () => {
    const listeners: (() => void)[] = [];
    let cloning = false;
    const espeak = createEspeakEngine();
    const neural: SpeechEngineV1 = {
      ...otherEngine('sherpa', { state: 'up' }),
      get capabilities() {
        return { ...espeak.capabilities, cloning };
      },
      onChange: (listener) => listeners.push(listener),
    };
    const registry = await createEngineRegistry(
      [espeak, neural],
      { clone: 'auto', preset: 'auto' },
      pino({ level: 'silent' }),
    );
    expect(registry.forStudio('clone')).toBe(espeak);
    cloning = true;
    for (const listener of listeners) listener();
    await expect.poll(() => registry.forStudio('clone').id).toBe('sherpa');
    cloning = false;
    for (const listener of listeners) listener();
    await expect.poll(() => registry.forStudio('clone').id).toBe('espeak');
  });

  it('falls back to eSpeak, visibly, when the engine chosen by name is down', async () => {
    const down = otherEngine('sherpa', { state: 'down', reason: 'no speech model is installed' });
    const app = await buildTestApp({ env: { SPEECH_ENGINE_B: 'sherpa' }, engines: [createEspeakEngine(), down] });
    expect((await health(app)).engines).toEqual([
      { id: 'espeak', status: 'up', serves: ['preset', 'clone'] },
      { id: 'sherpa', status: 'down', detail: 'no speech model is installed', serves: [] },
    ]);
  });
});

describe('the landing demo’s engine', () => {
  const silent = pino({ level: 'silent' });

  it('is eSpeak, with the demo voices by the web app’s aliases and by their own ids, whatever serves the studios', async () => {
    const espeak = createEspeakEngine();
    const registry = await createEngineRegistry(
      [espeak, otherEngine('minimax', { state: 'up' })],
      { clone: 'minimax', preset: 'auto' },
      silent,
    );
    expect(registry.forStudio('clone').id).toBe('minimax');
    const demo = registry.demo();
    expect(demo?.engine).toBe(espeak);
    for (const id of ['en-us-female', 'en-gb-male', 'en-us-narrator', 'espeak-en-us-f2']) {
      expect(demo?.voiceIds.has(id), id).toBe(true);
    }
    expect(demo?.voiceIds.has('espeak-fr-f1')).toBe(false);
  });

  it('is missing when eSpeak is not installed, so no request is free', async () => {
    const registry = await createEngineRegistry(
      [otherEngine('elevenlabs', { state: 'up' })],
      { clone: 'auto', preset: 'auto' },
      silent,
    );
    expect(registry.demo()).toBeNull();
  });
});
