import { voice as apiVoice } from '@sayso/contract/speech';
import { describe, expect, it } from 'vitest';
import { decodeMp3 } from '../../src/audio/mp3-decode.js';
import { measurePitch } from '../../src/audio/pitch.js';
import { renderSpeech } from '../../src/domains/speech/render.js';
import { voiceView } from '../../src/domains/speech/voice-view.js';
import { EngineError, type SpeechEngineV1, type SynthesisRequest } from '../../src/engines/speech-engine.js';
import { AppError } from '../../src/http/errors.js';

export interface ContractSubject {
  /** Builds the engine under test (a fresh one per test file). */
  create: () => Promise<SpeechEngineV1>;
  /** A voice of the engine to speak with, or how to make one (a clone, for engines that only clone). */
  voiceId: string | ((engine: SpeechEngineV1) => Promise<string>);
  /** False for an engine that only speaks clones: it then lists no preset voices of its own. */
  presetVoices?: boolean;
  /** How long the 5,000-character synthesis may take on a slow CI machine. */
  longTextTimeoutMs?: number;
}

const SENTENCES = [
  'The morning train left the station a little after seven.',
  'Nobody on the platform noticed the small dog that followed it.',
  'By noon the fields had turned from green to gold under a wide sky.',
  'She wrote three letters, sealed them, and forgot where she had put them.',
  'Is there anything better than bread that is still warm from the oven?',
  'The river keeps its own time, slow in summer and loud in spring.',
];

/** Readable English of about `length` characters, in whole sentences. */
export function prose(length: number): string {
  const parts: string[] = [];
  let total = 0;
  for (let i = 0; total < length; i += 1) {
    const sentence = SENTENCES[i % SENTENCES.length] ?? '';
    parts.push(sentence);
    total += sentence.length + 1;
  }
  return parts
    .join(' ')
    .slice(0, length)
    .replace(/\s+\S*$/, '.');
}

async function speak(engine: SpeechEngineV1, voiceId: string, overrides: Partial<SynthesisRequest>) {
  const rendered = await renderSpeech(engine, {
    text: prose(200),
    voiceId,
    modelId: null,
    speed: 1,
    pitch: 0,
    volume: 1,
    language: null,
    ...overrides,
  });
  const audio = await decodeMp3(rendered.mp3);
  return { rendered, audio };
}

function peak(samples: Float32Array): number {
  let max = 0;
  for (const sample of samples) max = Math.max(max, Math.abs(sample));
  return max;
}

/**
 * The engine contract: one set of tests every engine passes, run through the same rendering path the
 * product uses (chunking, MP3, SRT). Local engines run it directly; cloud adapters run it against
 * their fake servers.
 */
export function describeEngineContract(name: string, subject: ContractSubject): void {
  describe(`engine contract: ${name}`, () => {
    let enginePromise: Promise<SpeechEngineV1> | undefined;
    const engine = () => {
      enginePromise ??= subject.create();
      return enginePromise;
    };
    let voicePromise: Promise<string> | undefined;
    const voice = () => {
      const { voiceId } = subject;
      voicePromise ??= typeof voiceId === 'string' ? Promise.resolve(voiceId) : engine().then(voiceId);
      return voicePromise;
    };

    it('is up and speaks version 1 of the contract', async () => {
      const subjectEngine = await engine();
      expect(subjectEngine.specificationVersion).toBe('v1');
      expect(await subjectEngine.status()).toEqual({ state: 'up' });
      expect(subjectEngine.capabilities.maxCharsPerRequest).toBeGreaterThan(50);
    });

    it('lists voices with every field the spec requires, and its models, its default among them', async () => {
      const voices = await (await engine()).listVoices();
      expect(voices.length > 0).toBe(subject.presetVoices !== false);
      expect(new Set(voices.map((voice) => voice.id)).size).toBe(voices.length);
      for (const voice of voices) {
        for (const field of ['id', 'name', 'accent', 'gender', 'language', 'locale'] as const) {
          expect(voice[field], `${voice.id}.${field}`).toMatch(/\S/);
        }
        expect(['high_quality', 'professional']).toContain(voice.category);
        expect(Array.isArray(voice.verifiedLanguages)).toBe(true);
        // The API can describe every voice: its wire shape is the contract's.
        expect(apiVoice.safeParse(voiceView(voice, await engine())).success, voice.id).toBe(true);
      }
      if (subject.presetVoices !== false) expect(voices.map((entry) => entry.id)).toContain(await voice());
      const models = await (await engine()).listModels();
      expect(models.length).toBeGreaterThan(0);
      for (const model of models) expect(model.id).toMatch(/\S/);
      expect(models.map((model) => model.id)).toContain((await engine()).defaultModel);
    });

    it(
      'speaks short and 5,000-character texts as decodable MP3 whose length grows with the text',
      async () => {
        const short = await speak(await engine(), await voice(), { text: prose(200) });
        const long = await speak(await engine(), await voice(), { text: prose(5_000) });
        expect(short.audio.durationMs).toBeGreaterThan(2_000);
        expect(long.audio.durationMs / short.audio.durationMs).toBeGreaterThan(15);
        // The reported duration matches what a decoder finds (MP3 adds at most a few frames).
        expect(Math.abs(long.rendered.durationMs - long.audio.durationMs)).toBeLessThan(200);
        // Every sentence of the long text is in the transcript, in order, with rising times.
        const cues = long.rendered.srt.trim().split(/\n\n/);
        expect(cues.length).toBeGreaterThan(50);
        const spoken = cues.map((cue) => cue.split('\n').slice(2).join(' ')).join(' ');
        expect(spoken).toBe(prose(5_000));
        const lastCueEnd = /--> (\d\d):(\d\d):(\d\d),(\d{3})/.exec(cues.at(-1) ?? '');
        const [, h, m, s, ms] = (lastCueEnd ?? []).map(Number);
        const endMs = (h ?? 0) * 3_600_000 + (m ?? 0) * 60_000 + (s ?? 0) * 1000 + (ms ?? 0);
        expect(Math.abs(endMs - long.audio.durationMs)).toBeLessThan(1_000);
      },
      subject.longTextTimeoutMs ?? 120_000,
    );

    it('speaks faster at speed 2, higher at pitch +10 and quieter at volume 0.5', async () => {
      const subjectEngine = await engine();
      const normal = await speak(subjectEngine, await voice(), {});
      const fast = await speak(subjectEngine, await voice(), { speed: 2 });
      const high = await speak(subjectEngine, await voice(), { pitch: 10 });
      const quiet = await speak(subjectEngine, await voice(), { volume: 0.5 });
      expect(fast.audio.durationMs / normal.audio.durationMs).toBeLessThan(0.75);
      const normalPitch = measurePitch(normal.audio.samples, normal.audio.sampleRate).medianHz ?? 0;
      const highPitch = measurePitch(high.audio.samples, high.audio.sampleRate).medianHz ?? 0;
      expect(normalPitch).toBeGreaterThan(50);
      expect(highPitch / normalPitch).toBeGreaterThan(1.2);
      expect(peak(quiet.audio.samples) / peak(normal.audio.samples)).toBeLessThan(0.75);
    }, 60_000);

    it('refuses empty and over-limit text with the spec’s messages', async () => {
      const subjectEngine = await engine();
      const voiceId = await voice();
      const attempt = (text: string) => speak(subjectEngine, voiceId, { text });
      await expect(attempt('   ')).rejects.toThrow(new AppError('TEXT_REQUIRED'));
      await expect(attempt('a'.repeat(50_001))).rejects.toThrow('Text exceeds maximum length of 50,000 characters');
    });

    it('refuses a voice it does not have with the spec’s message', async () => {
      const failure = speak(await engine(), 'no-such-voice', {});
      await expect(failure).rejects.toBeInstanceOf(EngineError);
      await expect(failure).rejects.toThrow('The selected voice is not available. Please select a different voice.');
    });
  });
}
