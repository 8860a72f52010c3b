import type { FastifyInstance } from 'fastify';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1 } from '../../src/engines/speech-engine.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import {
  correlation,
  decodeFlac,
  decodeOggOpus,
  flacStreamInfo,
  oggPages,
  opusHead,
  sameSamples,
} from '../helpers/codecs.js';
import { scriptedEngine } from '../helpers/speech.js';

/**
 * eSpeak with a memory: the same request answers the same audio. eSpeak's own output differs a
 * little from run to run (two identical WAV requests correlate at 0.998, not 1), so comparing one
 * request's FLAC sample for sample with another's WAV needs the engine to repeat itself.
 */
function repeatingEngine(): SpeechEngineV1 {
  // Without eSpeak's several-sentences-per-run path, so every chunk goes through `synthesize`.
  const { synthesizeEach: _oneRunForMany, ...espeak } = createEspeakEngine();
  const spoken = new Map<string, ReturnType<SpeechEngineV1['synthesize']>>();
  return {
    ...espeak,
    synthesize(request) {
      const key = JSON.stringify([request.text, request.voiceId, request.speed, request.language]);
      const audio = spoken.get(key) ?? espeak.synthesize(request);
      spoken.set(key, audio);
      return audio;
    },
  };
}

/** More than eSpeak's 600 characters a call: several chunks, joined by pauses, in one response. */
const TEXT = Array.from(
  { length: 10 },
  (_, i) => `Sentence number ${i + 1} is spoken here, so that the answer spans several chunks of speech.`,
).join(' ');

async function sdkFor(app: FastifyInstance) {
  const base = await listening(app);
  const user = await apiUser(app, {});
  return new OpenAI({ apiKey: user.secret, baseURL: `${base}/openai/v1`, maxRetries: 0 });
}

async function speak(client: OpenAI, format: 'wav' | 'opus' | 'flac', input = TEXT) {
  const response = await client.audio.speech.create({ model: 'tts-1', voice: 'alloy', input, response_format: format });
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** The WAV answer's samples: the engine's own 22.05 kHz audio, which the other formats must carry. */
function wavSamples(bytes: Buffer) {
  expect(bytes.readUInt32LE(24)).toBe(22_050);
  const data = bytes.subarray(44);
  return new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.length));
}

describe('Opus and FLAC through the official openai SDK', () => {
  it('flac is the same samples as wav, exactly, at the engine’s rate', async () => {
    const app = await buildTestApp({ engines: [repeatingEngine()] });
    const client = await sdkFor(app);
    const source = wavSamples((await speak(client, 'wav')).bytes);
    const flac = await speak(client, 'flac');
    expect(flac.type).toBe('audio/flac');
    expect(flacStreamInfo(flac.bytes)).toMatchObject({
      magic: 'fLaC',
      sampleRate: 22_050,
      channels: 1,
      bitsPerSample: 16,
      // Streamed as it is spoken: the header leaves before the length is known (decision 0022).
      totalSamples: 0,
    });
    const decoded = await decodeFlac(flac.bytes);
    expect(decoded.errors).toEqual([]);
    expect(decoded.sampleRate).toBe(22_050);
    expect(source.length / 22_050).toBeGreaterThan(10);
    expect(decoded.samples.length).toBe(source.length);
    expect(sameSamples(decoded.samples, source)).toBe(true);
  });

  it('opus is Ogg Opus at 24 kHz whose decoded length and sound match the wav', async () => {
    const app = await buildTestApp({ engines: [repeatingEngine()] });
    const client = await sdkFor(app);
    const source = wavSamples((await speak(client, 'wav')).bytes);
    const opus = await speak(client, 'opus');
    expect(opus.type).toBe('audio/opus');
    expect(opus.bytes.toString('ascii', 0, 4)).toBe('OggS');
    const pages = oggPages(opus.bytes);
    expect(pages.every((page) => page.crcOk)).toBe(true);
    expect(pages[0]?.flags).toBe(0x02);
    expect(pages.at(-1)?.flags).toBe(0x04);
    // Piper-like 22.05 kHz speech is encoded at 24 kHz, the next rate Opus takes.
    expect(opusHead(pages[0]?.packets[0] ?? Buffer.alloc(19))).toMatchObject({
      magic: 'OpusHead',
      channels: 1,
      inputSampleRate: 24_000,
    });
    expect(pages[1]?.packets[0]?.toString('ascii', 0, 8)).toBe('OpusTags');

    const seconds = source.length / 22_050;
    const decoded = await decodeOggOpus(opus.bytes);
    expect(decoded.errors).toEqual([]);
    // The same length to within the rounding of one resampling (a sample or two at 48 kHz).
    expect(Math.abs(decoded.samples.length / 48_000 - seconds)).toBeLessThan(0.001);
    expect(Number(pages.at(-1)?.granule) - 312).toBe(decoded.samples.length);
    // And the same speech: the decoded audio, brought back to 22.05 kHz, follows the source closely.
    const back = Float32Array.from(
      { length: source.length },
      (_, i) => decoded.samples[Math.round((i * 48_000) / 22_050)] ?? 0,
    );
    expect(correlation(back, source)).toBeGreaterThan(0.8);
  });

  for (const format of ['opus', 'flac'] as const) {
    it(`${format} streams: its header and first audio arrive while later chunks are still being spoken`, async () => {
      let openGate = () => {};
      const gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
      const { engine, calls } = scriptedEngine(async (index) => {
        if (index >= 1) await gate;
      });
      const app = await buildTestApp({ engines: [engine] });
      const client = await sdkFor(app);
      const response = await client.audio.speech.create({
        model: 'tts-1',
        voice: 'alloy',
        input: TEXT,
        response_format: format,
      });
      const reader = response.body?.getReader();
      if (!reader) throw new Error('no body');
      const first = await reader.read();
      // The second chunk is held by the engine while the first one's encoded audio is already here.
      expect(calls()).toBe(2);
      const head = Buffer.from(first.value ?? []);
      expect(head.toString('ascii', 0, 4)).toBe(format === 'opus' ? 'OggS' : 'fLaC');
      // More than the headers: the first chunk's audio came with them.
      expect(head.length).toBeGreaterThan(1_000);
      openGate();
      const parts = [head];
      for (let part = await reader.read(); !part.done; part = await reader.read()) parts.push(Buffer.from(part.value));
      // The held chunk's audio came after the gate opened, in later pieces.
      expect(parts.length).toBeGreaterThan(1);
      const all = Buffer.concat(parts);
      const decoded = format === 'opus' ? await decodeOggOpus(all) : await decodeFlac(all);
      expect(decoded.errors).toEqual([]);
      expect(decoded.samples.length / decoded.sampleRate).toBeGreaterThan(10);
    });
  }
});
