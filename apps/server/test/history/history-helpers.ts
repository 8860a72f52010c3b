import type { HistoryItemDetail, HistoryPage } from '@sayso/contract/history';
import type { FastifyInstance } from 'fastify';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import type { SpeechEngineV1, SynthesisRequest } from '../../src/engines/speech-engine.js';
import { ORIGIN } from '../helpers/sessions.js';
import { waitForTask } from '../helpers/speech.js';

export const VOICE = 'espeak-en-us-f2';
/**
 * The clone studio's voice: not one of the landing demo's five, whose short texts are the free,
 * ownerless demo (and so in no one's history) even when a signed-in user sends them.
 */
export const CLONE_STUDIO_VOICE = 'espeak-en-sc-m2';

/**
 * The real eSpeak engine, counting the sentences it is asked to speak and the seeds it gets; with
 * `seeds` it claims to honour seeds and lets the seed nudge the pitch, so takes really differ.
 */
export function countingEngine(options: { seeds?: boolean } = {}) {
  // Without eSpeak's several-sentences-per-run path, so every sentence is one counted request.
  const { synthesizeEach: _oneRunForMany, ...espeak } = createEspeakEngine();
  const spoken: SynthesisRequest[] = [];
  // Each seed the engine is given speaks at its own pitch, so two seeds never sound alike (a pitch
  // taken from the seed's value would, one time in a few, repeat the first take byte for byte).
  const seedsSeen: number[] = [];
  const pitchStepOf = (seed: number) => {
    if (!seedsSeen.includes(seed)) seedsSeen.push(seed);
    return seedsSeen.indexOf(seed) + 1;
  };
  const engine: SpeechEngineV1 = {
    ...espeak,
    capabilities: { ...espeak.capabilities, seeds: options.seeds === true },
    async synthesize(request) {
      spoken.push(request);
      const pitch = options.seeds && request.seed ? request.pitch + pitchStepOf(request.seed) : request.pitch;
      return espeak.synthesize({ ...request, pitch });
    },
  };
  return { engine, spoken };
}

/**
 * eSpeak's catalogue with a voice of plain tones: each character a short tone whose pitch follows
 * the character. eSpeak's own audio varies a little from one call to the next; this does not, so
 * a test can compare two renders byte for byte.
 */
export function toneEngine() {
  const { engine: counted, spoken } = countingEngine();
  const sampleRate = 16_000;
  const engine: SpeechEngineV1 = {
    ...counted,
    async synthesize(request) {
      spoken.push(request);
      const perChar = sampleRate / 50;
      const samples = new Int16Array(request.text.length * perChar);
      for (const [index, char] of [...request.text].entries()) {
        const hz = 200 + (char.charCodeAt(0) % 40) * 10;
        for (let i = 0; i < perChar; i += 1) {
          samples[index * perChar + i] = Math.round(6000 * Math.sin((2 * Math.PI * hz * i) / sampleRate));
        }
      }
      return { audio: { format: 'pcm16', samples, sampleRate }, segments: [], warnings: [] };
    },
  };
  return { engine, spoken };
}

export async function speakInStudio(
  app: FastifyInstance,
  cookie: string,
  studio: 'preset' | 'clone',
  text: string,
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: studio === 'preset' ? '/api/elevenlabs/tts' : '/api/tts',
    headers: { origin: ORIGIN, cookie },
    payload:
      studio === 'preset'
        ? { text, voice_id: VOICE, model_id: 'espeak-ng', speed: 1, pitch: 0, volume: 1 }
        : { text, voice_setting: { voice_id: CLONE_STUDIO_VOICE, vol: 1, pitch: 0, speed: 1 } },
  });
  if (response.statusCode !== 200) throw new Error(`submission failed: ${response.body}`);
  const taskId = (response.json() as { task_id: string }).task_id;
  const task = await waitForTask(app, taskId, cookie);
  if (task.status !== 'done') throw new Error(`task ${taskId} ended ${task.status}: ${task.error_message}`);
  return taskId;
}

export async function historyPage(app: FastifyInstance, cookie: string, query = ''): Promise<HistoryPage> {
  const response = await app.inject({ method: 'GET', url: `/api/history${query}`, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`history failed: ${response.body}`);
  return response.json() as HistoryPage;
}

export async function historyItem(app: FastifyInstance, cookie: string, id: string): Promise<HistoryItemDetail> {
  return (
    await app.inject({ method: 'GET', url: `/api/history/${id}`, headers: { cookie } })
  ).json() as HistoryItemDetail;
}

/** Milliseconds of an SRT or VTT time stamp (`00:00:01,250` or `00:00:01.250`). */
export function stampMs(stamp: string): number {
  const match = /^(\d{2}):(\d{2}):(\d{2})[.,](\d{3})$/.exec(stamp.trim());
  if (!match) throw new Error(`not a time stamp: ${stamp}`);
  const [, h, m, s, ms] = match.map(Number);
  return (((h ?? 0) * 60 + (m ?? 0)) * 60 + (s ?? 0)) * 1000 + (ms ?? 0);
}

/** The cues of an SRT file: their start, end and text. */
export function srtCues(srt: string): { startMs: number; endMs: number; text: string }[] {
  return srt
    .trim()
    .split(/\n\n+/)
    .map((block) => {
      const [, times = '', ...text] = block.split('\n');
      const [start = '', end = ''] = times.split(' --> ');
      return { startMs: stampMs(start), endMs: stampMs(end), text: text.join('\n') };
    });
}
