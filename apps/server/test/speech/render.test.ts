import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { renderSpeech } from '../../src/domains/speech/render.js';
import type { SpeechEngineV1, SynthesisRequest } from '../../src/engines/speech-engine.js';

const RATE = 22_050;

/**
 * An engine whose every chunk is a loud 200 Hz cosine: it starts and ends at full amplitude, the
 * worst case for a join, which would click without the fades.
 */
function cosineEngine(secondsPerChunk: number): SpeechEngineV1 & { requests: SynthesisRequest[] } {
  const requests: SynthesisRequest[] = [];
  return {
    specificationVersion: 'v1',
    id: 'cosine',
    defaultModel: 'cosine',
    capabilities: {
      presetVoices: true,
      cloning: false,
      timestamps: false,
      maxCharsPerRequest: 120,
      rendersPreviews: true,
      languages: ['en'],
    },
    status: async () => ({ state: 'up' }),
    listVoices: async () => [],
    listModels: async () => [],
    requests,
    async synthesize(request) {
      requests.push(request);
      const samples = new Int16Array(Math.round(secondsPerChunk * RATE));
      for (let i = 0; i < samples.length; i += 1)
        samples[i] = Math.round(16_000 * Math.cos((2 * Math.PI * 200 * i) / RATE));
      return { audio: { format: 'pcm16', samples, sampleRate: RATE }, segments: [], warnings: [] };
    },
  };
}

const request = (text: string): SynthesisRequest => ({
  text,
  voiceId: 'v',
  modelId: null,
  speed: 1,
  pitch: 0,
  volume: 1,
  language: null,
});

describe('rendering long text', () => {
  it('groups whole sentences into chunks no longer than the engine accepts, never splitting one', async () => {
    const sentences = ['A'.repeat(49), 'B'.repeat(49), 'C'.repeat(49), 'D'.repeat(129)].map((words) => `${words}.`);
    const engine = cosineEngine(0.1);
    await renderSpeech(engine, request(sentences.join(' ')));
    expect(engine.requests.map((sent) => sent.text)).toEqual([
      `${sentences[0]} ${sentences[1]}`,
      sentences[2],
      sentences[3],
    ]);
  });

  it('joins chunks without clicks, times every sentence, and reports progress per chunk', async () => {
    const engine = cosineEngine(1);
    const text = Array.from({ length: 6 }, (_, i) => `Sentence number ${i + 1} is about fifty characters long.`).join(
      ' ',
    );
    const progress: number[] = [];
    const rendered = await renderSpeech(engine, request(text), (fraction) => progress.push(fraction));
    expect(engine.requests.length).toBeGreaterThan(2);
    for (const sent of engine.requests) expect(sent.text.length).toBeLessThanOrEqual(120);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const audio = await decodeMp3(rendered.mp3);
    // Chunks of a cosine at full height: a hard join jumps by ~0.5 between two samples. The fades
    // keep every step near the cosine's own slope (~0.03), MP3 ringing included.
    let largestStep = 0;
    for (let i = 1; i < audio.samples.length; i += 1) {
      largestStep = Math.max(largestStep, Math.abs((audio.samples[i] ?? 0) - (audio.samples[i - 1] ?? 0)));
    }
    expect(largestStep).toBeLessThan(0.1);

    const cues = rendered.srt.trim().split('\n\n');
    expect(cues).toHaveLength(6);
    expect(cues[5]).toContain('Sentence number 6');
    expect(Math.abs(rendered.durationMs - audio.durationMs)).toBeLessThan(150);
  });

  it('joins engines that answer in MP3 frame by frame, and refuses mixed formats', async () => {
    const pcm = cosineEngine(0.5);
    const mp3Chunk = (await renderSpeech(pcm, request('One short chunk.'))).mp3;
    const mp3Engine: SpeechEngineV1 = {
      ...pcm,
      id: 'mp3',
      async synthesize() {
        return { audio: { format: 'mp3', bytes: mp3Chunk, durationMs: 500 }, segments: [], warnings: ['w'] };
      },
    };
    const text =
      'First sentence is long enough to fill the chunk limit of this engine here. Second sentence does the same, so there are two chunks.';
    const rendered = await renderSpeech(mp3Engine, request(text));
    expect(rendered.mp3.length).toBe(mp3Chunk.length * 2);
    expect(rendered.warnings).toEqual(['w']);
    let calls = 0;
    const mixed: SpeechEngineV1 = {
      ...pcm,
      async synthesize(r) {
        calls += 1;
        return calls === 1 ? pcm.synthesize(r) : mp3Engine.synthesize(r);
      },
    };
    await expect(renderSpeech(mixed, request(text))).rejects.toThrow('returned audio in changing formats');
  });
});
