import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { buildTestApp } from '../helpers/build-app.js';

/** A second engine built on eSpeak under another id, up or down as the test needs. */
function otherEngine(id: string, status: Awaited<ReturnType<SpeechEngineV1['status']>>): SpeechEngineV1 {
  const espeak = createEspeakEngine();
  return {
    ...espeak,
    id,
    status: async () => status,
    listVoices: async () =>
      (await espeak.listVoices()).map((voice) => ({ ...voice, voice_id: `${id}-${voice.voice_id}` })),
  };
}

async function health(app: Awaited<ReturnType<typeof buildTestApp>>) {
  return (await app.inject({ method: 'GET', url: '/api/health' })).json() as {
    engines: { id: string; status: string; detail?: string; serves: string[] }[];
  };
}

describe('choosing the engine of each provider', () => {
  it('serves both providers with eSpeak when no other engine is up, and says so in /api/health', async () => {
    const app = await buildTestApp();
    expect((await health(app)).engines).toEqual([
      { id: 'espeak', status: 'up', serves: ['A', 'B'] },
      { id: 'kokoro', status: 'down', detail: expect.stringContaining('no Kokoro model in'), serves: [] },
    ]);
  });

  it('puts a neural engine that is up on the preset screen (provider B) when left on auto', async () => {
    const app = await buildTestApp({ engines: [createEspeakEngine(), otherEngine('kokoro', { state: 'up' })] });
    expect((await health(app)).engines).toEqual([
      { id: 'espeak', status: 'up', serves: ['A'] },
      { id: 'kokoro', status: 'up', serves: ['B'] },
    ]);
    const voices = (await app.inject({ method: 'GET', url: '/api/elevenlabs/voices' })).json() as {
      voices: { voice_id: string }[];
    };
    expect(voices.voices[0]?.voice_id).toMatch(/^kokoro-/);
  });

  it('falls back to eSpeak, visibly, when the engine chosen by name is down', async () => {
    const down = otherEngine('kokoro', { state: 'down', reason: 'no Kokoro model in /models' });
    const app = await buildTestApp({ env: { SPEECH_ENGINE_B: 'kokoro' }, engines: [createEspeakEngine(), down] });
    expect((await health(app)).engines).toEqual([
      { id: 'espeak', status: 'up', serves: ['A', 'B'] },
      { id: 'kokoro', status: 'down', detail: 'no Kokoro model in /models', serves: [] },
    ]);
  });
});
