import ESpeakNg from 'espeak-ng';
import { AppError } from '../../../http/errors.js';
import { encodeMp3, parseWav, type Segment, splitSentences, toSrt } from '../audio.js';
import type { RenderedSpeech, RenderRequest } from '../speech-job.js';
import { espeakVoiceName } from './voices.js';

const WORDS_PER_MINUTE_AT_1X = 175;
/** Characters per eSpeak run: a run costs ~100-200 ms of start-up, so sentences are batched. */
const RUN_CHARS = 600;
const GAP_MS = 120;

/** Slider values (spec section 5) mapped onto eSpeak's own controls. */
export function espeakArguments(request: Pick<RenderRequest, 'settings'>, voice: string): string[] {
  const { speed, pitch, volume } = request.settings;
  return [
    '-v',
    voice,
    '-s',
    String(Math.round(WORDS_PER_MINUTE_AT_1X * speed)),
    '-p',
    String(Math.round(50 + pitch * 4.9)),
    '-a',
    String(Math.round(100 * volume)),
  ];
}

async function speak(args: string[], text: string): Promise<{ samples: Int16Array; sampleRate: number }> {
  const run = await ESpeakNg({ arguments: [...args, '-w', '/out.wav', text], print: () => {}, printErr: () => {} });
  return parseWav(run.FS.readFile('/out.wav'));
}

/**
 * Renders speech with eSpeak NG (WebAssembly, offline): sentences are batched into runs, each run
 * synthesised on its own, and the runs joined with a short silence so joins never click. Each
 * sentence becomes a transcript cue; within a run its time is shared out by its length.
 */
export async function renderWithEspeak(
  request: RenderRequest,
  onProgress: (fraction: number) => void,
): Promise<RenderedSpeech> {
  const voice = espeakVoiceName(request.voiceId);
  if (!voice) {
    throw new AppError(400, 'The selected voice is not available. Please select a different voice.', 'UNKNOWN_VOICE');
  }
  const args = espeakArguments(request, voice);
  const sentences = splitSentences(request.text);
  const runs: string[][] = [];
  for (const sentence of sentences) {
    const current = runs.at(-1);
    if (current && current.join(' ').length + sentence.length < RUN_CHARS) current.push(sentence);
    else runs.push([sentence]);
  }
  const chunks: Int16Array[] = [];
  const segments: Segment[] = [];
  let sampleRate = 22_050;
  let cursorMs = 0;
  for (const [index, run] of runs.entries()) {
    const spoken = await speak(args, run.join(' '));
    sampleRate = spoken.sampleRate;
    const runMs = (spoken.samples.length / sampleRate) * 1000;
    const totalChars = run.reduce((sum, sentence) => sum + sentence.length, 0);
    let offset = cursorMs;
    for (const sentence of run) {
      const share = (runMs * sentence.length) / totalChars;
      segments.push({ text: sentence, startMs: offset, endMs: offset + share });
      offset += share;
    }
    chunks.push(spoken.samples, new Int16Array(Math.round((GAP_MS / 1000) * sampleRate)));
    cursorMs += runMs + GAP_MS;
    onProgress((index + 1) / runs.length);
  }
  const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
  const samples = new Int16Array(total);
  let at = 0;
  for (const chunk of chunks) {
    samples.set(chunk, at);
    at += chunk.length;
  }
  return { mp3: encodeMp3(samples, sampleRate), srt: toSrt(segments), durationMs: (total / sampleRate) * 1000 };
}
