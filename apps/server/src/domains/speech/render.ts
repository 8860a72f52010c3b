import { type Segment, splitSentences, toSrt } from '../../audio/audio.js';
import { Mp3Stream } from '../../audio/mp3-stream.js';
import {
  EngineError,
  type SpeechEngineV1,
  type SynthesisRequest,
  type SynthesizedAudio,
} from '../../engines/speech-engine.js';
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

/** One chunk of spoken text: its audio, its timing from the start of the whole speech, and any warnings. */
export interface SpokenChunk {
  /** The chunk's place in the speech and the number of chunks, for progress. */
  index: number;
  count: number;
  /** The text the chunk speaks (whole sentences). */
  text: string;
  /** Silence to play before the chunk: the pause between chunks of PCM audio, 0 for MP3 and the first chunk. */
  gapMs: number;
  /** PCM with faded edges, or the engine's MP3 frames; one format and one sample rate for the whole speech. */
  audio: SynthesizedAudio;
  startMs: number;
  durationMs: number;
  segments: Segment[];
  warnings: string[];
}

/**
 * Speaks a text of any allowed length with one engine, chunk by chunk: the text is split at
 * sentence boundaries and grouped into chunks the engine accepts, and each chunk is yielded as soon
 * as it is spoken, so a caller can store, encode or stream it before the rest exists.
 */
export async function* speakInChunks(engine: SpeechEngineV1, request: SynthesisRequest): AsyncGenerator<SpokenChunk> {
  const text = checkSpeechText(request.text);
  const maxChars = (await engine.maxCharsFor?.(request.modelId)) ?? engine.capabilities.maxCharsPerRequest;
  const chunks = chunkSentences(splitSentences(text), maxChars);
  let firstAudio: SynthesizedAudio | null = null;
  let cursorMs = 0;
  const requestIds: string[] = [];
  for (const [index, sentences] of chunks.entries()) {
    request.signal?.throwIfAborted();
    const chunkText = sentences.join(' ');
    // Each chunk knows its neighbours, so an engine that can stitch requests keeps the delivery going.
    const stitching =
      chunks.length > 1
        ? {
            previousText: chunks[index - 1]?.join(' ') ?? null,
            nextText: chunks[index + 1]?.join(' ') ?? null,
            previousRequestIds: requestIds.slice(-3),
          }
        : undefined;
    const result = await engine.synthesize({ ...request, text: chunkText, ...(stitching ? { stitching } : {}) });
    if (result.requestId) requestIds.push(result.requestId);
    const { audio } = result;
    firstAudio ??= audio;
    if (
      audio.format !== firstAudio.format ||
      (audio.format === 'pcm16' && firstAudio.format === 'pcm16' && audio.sampleRate !== firstAudio.sampleRate)
    ) {
      throw new EngineError(`${engine.id} returned audio in changing formats`, 'failed');
    }
    const gapMs = index > 0 && audio.format === 'pcm16' ? CHUNK_GAP_MS : 0;
    cursorMs += gapMs;
    const durationMs = audio.format === 'pcm16' ? (audio.samples.length / audio.sampleRate) * 1000 : audio.durationMs;
    const segments =
      result.segments.length > 0
        ? result.segments.map((segment) => ({
            ...segment,
            startMs: cursorMs + segment.startMs,
            endMs: cursorMs + segment.endMs,
          }))
        : shareBySentence(sentences, cursorMs, durationMs);
    yield {
      index,
      count: chunks.length,
      text: chunkText,
      gapMs,
      audio: audio.format === 'pcm16' ? { ...audio, samples: fadeEdges(audio.samples, audio.sampleRate) } : audio,
      startMs: cursorMs,
      durationMs,
      segments,
      warnings: result.warnings,
    };
    cursorMs += durationMs;
  }
}

/** Silence of a given length at a sample rate. */
export const silence = (ms: number, sampleRate: number) => new Int16Array(Math.round((ms / 1000) * sampleRate));

/**
 * Turns a text of any allowed length into one MP3 and its SRT transcript with one engine, with
 * progress after each chunk. Engines that return MP3 are joined frame by frame.
 */
export async function renderSpeech(
  engine: SpeechEngineV1,
  request: SynthesisRequest,
  onProgress: (fraction: number) => void = () => {},
): Promise<RenderedSpeech> {
  let encoder: Mp3Stream | null = null;
  const mp3: Buffer[] = [];
  const segments: Segment[] = [];
  const warnings = new Set<string>();
  let endMs = 0;
  for await (const chunk of speakInChunks(engine, request)) {
    for (const warning of chunk.warnings) warnings.add(warning);
    if (chunk.audio.format === 'pcm16') {
      const { samples, sampleRate } = chunk.audio;
      encoder ??= await Mp3Stream.open(sampleRate);
      if (chunk.gapMs > 0) await encoder.write(silence(chunk.gapMs, sampleRate));
      await encoder.write(samples);
    } else {
      mp3.push(chunk.audio.bytes);
    }
    segments.push(...chunk.segments);
    endMs = chunk.startMs + chunk.durationMs;
    onProgress((chunk.index + 1) / chunk.count);
  }
  const audio = encoder ? encoder.end() : Buffer.concat(mp3);
  return { mp3: audio, srt: toSrt(segments), durationMs: endMs, warnings: [...warnings] };
}
