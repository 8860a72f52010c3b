import { type Segment, splitSentences, toSrt } from '../../audio/audio.js';
import { Mp3Stream } from '../../audio/mp3-stream.js';
import { EngineError, type SpeechEngineV1, type SynthesisRequest } from '../../engines/speech-engine.js';
import { checkSpeechText } from './validation.js';

export interface RenderedSpeech {
  mp3: Buffer;
  srt: string;
  durationMs: number;
  warnings: string[];
}

/** Silence between chunks: a natural sentence pause, and room for the fades below. */
const CHUNK_GAP_MS = 120;
/** Each chunk fades in and out this fast, so a join never starts or stops on a loud sample. */
const FADE_MS = 4;

/** Groups sentences into chunks the engine accepts in one call, never splitting a sentence. */
function chunkSentences(sentences: string[], maxChars: number): string[][] {
  const chunks: string[][] = [];
  let length = 0;
  for (const sentence of sentences) {
    const current = chunks.at(-1);
    if (current && length + 1 + sentence.length <= maxChars) {
      current.push(sentence);
      length += 1 + sentence.length;
    } else {
      chunks.push([sentence]);
      length = sentence.length;
    }
  }
  return chunks;
}

function fadeEdges(samples: Int16Array, sampleRate: number): Int16Array {
  const faded = Int16Array.from(samples);
  const fade = Math.min(Math.round((FADE_MS / 1000) * sampleRate), Math.floor(faded.length / 2));
  for (let i = 0; i < fade; i += 1) {
    const gain = i / fade;
    faded[i] = Math.round((faded[i] ?? 0) * gain);
    const end = faded.length - 1 - i;
    faded[end] = Math.round((faded[end] ?? 0) * gain);
  }
  return faded;
}

/** Shares a chunk's duration out over its sentences by their length (engines without timing). */
function shareBySentence(sentences: string[], startMs: number, durationMs: number): Segment[] {
  const total = sentences.reduce((sum, sentence) => sum + sentence.length, 0);
  let at = startMs;
  return sentences.map((sentence) => {
    const share = (durationMs * sentence.length) / total;
    const segment = { text: sentence, startMs: at, endMs: at + share };
    at += share;
    return segment;
  });
}

/**
 * Turns a text of any allowed length into one MP3 and its SRT transcript with one engine: the text
 * is split at sentence boundaries, spoken chunk by chunk (progress after each), and the chunks are
 * joined with a short faded pause. Engines that return MP3 are joined frame by frame.
 */
export async function renderSpeech(
  engine: SpeechEngineV1,
  request: SynthesisRequest,
  onProgress: (fraction: number) => void = () => {},
): Promise<RenderedSpeech> {
  const text = checkSpeechText(request.text);
  const chunks = chunkSentences(splitSentences(text), engine.capabilities.maxCharsPerRequest);
  let encoder: Mp3Stream | null = null;
  const mp3: Buffer[] = [];
  const segments: Segment[] = [];
  const warnings = new Set<string>();
  let cursorMs = 0;
  const mixedFormats = () => new EngineError(`${engine.id} returned audio in changing formats`, 'failed');
  for (const [index, sentences] of chunks.entries()) {
    request.signal?.throwIfAborted();
    const result = await engine.synthesize({ ...request, text: sentences.join(' ') });
    for (const warning of result.warnings) warnings.add(warning);
    let chunkMs: number;
    if (result.audio.format === 'pcm16') {
      const { samples, sampleRate } = result.audio;
      if (mp3.length > 0 || (encoder && encoder.sampleRate !== sampleRate)) throw mixedFormats();
      if (encoder) {
        await encoder.write(new Int16Array(Math.round((CHUNK_GAP_MS / 1000) * sampleRate)));
        cursorMs += CHUNK_GAP_MS;
      }
      encoder ??= await Mp3Stream.open(sampleRate);
      await encoder.write(fadeEdges(samples, sampleRate));
      chunkMs = (samples.length / sampleRate) * 1000;
    } else {
      if (encoder) throw mixedFormats();
      mp3.push(result.audio.bytes);
      chunkMs = result.audio.durationMs;
    }
    segments.push(
      ...(result.segments.length > 0
        ? result.segments.map((segment) => ({
            ...segment,
            startMs: cursorMs + segment.startMs,
            endMs: cursorMs + segment.endMs,
          }))
        : shareBySentence(sentences, cursorMs, chunkMs)),
    );
    cursorMs += chunkMs;
    onProgress((index + 1) / chunks.length);
  }
  const audio = encoder ? encoder.end() : Buffer.concat(mp3);
  return { mp3: audio, srt: toSrt(segments), durationMs: cursorMs, warnings: [...warnings] };
}
