import { createHash } from 'node:crypto';
import { type Segment, toSrt } from '../../audio/audio.js';
import { findFrameChain } from '../../audio/mp3-frames.js';
import { encodeTake, type TakeEncoder } from '../../audio/sentence-take.js';
import { EngineError, type SynthesisResult } from '../../engines/speech-engine.js';

/**
 * A generation is spoken sentence by sentence, and each sentence is kept as a standalone MP3 (a
 * take): it plays alone in the timeline, and the whole speech is those takes' frames end to end.
 * One sentence can then be spoken again and swapped in without touching the others.
 */

/** Everything besides the text and seed that shapes how a sentence sounds. */
export interface SentenceVoice {
  engine: string;
  modelId: string | null;
  voiceId: string;
  speed: number;
  pitch: number;
  volume: number;
  language: string | null;
}

/**
 * The sentence cache's key: a hash of what shapes the sound, and of whose it is (`owner`), so one
 * user's cached sentences are never served to another, not even as a faster answer.
 */
export function sentenceCacheKey(owner: string, voice: SentenceVoice, text: string, seed: number | null): string {
  const parts = [owner, voice.engine, voice.modelId, voice.voiceId, voice.speed, voice.pitch, voice.volume];
  return createHash('sha256')
    .update(JSON.stringify([...parts, voice.language, text, seed]))
    .digest('hex');
}

export interface SpokenSentence {
  mp3: Buffer;
  /** Exactly what the MP3's frames hold, so start times in the joined audio add up. */
  durationMs: number;
  warnings: string[];
}

/** The MPEG frames of an MP3 (tags dropped) and how long they play. */
function framesOf(bytes: Buffer, engineId: string): { frames: Buffer; durationMs: number } {
  const chain = findFrameChain(bytes);
  if (!chain) throw new EngineError(`${engineId} returned audio that is not MP3`, 'failed');
  const durationMs = ((chain.frames * chain.samplesPerFrame) / chain.sampleRate) * 1000;
  return { frames: bytes.subarray(chain.start, chain.end), durationMs };
}

/**
 * An engine's answer for one sentence as a standalone MP3: its frames, or its PCM made a take by
 * `encode` (faded, padded, encoded; in the render pool when there is one).
 */
export async function sentenceMp3(
  engineId: string,
  { audio, warnings }: SynthesisResult,
  encode: TakeEncoder = encodeTake,
): Promise<SpokenSentence> {
  const bytes = audio.format === 'mp3' ? audio.bytes : await encode(audio.samples, audio.sampleRate);
  const { frames, durationMs } = framesOf(bytes, engineId);
  return { mp3: frames, durationMs, warnings };
}

export interface JoinedSpeech {
  mp3: Buffer;
  srt: string;
  durationMs: number;
  segments: Segment[];
}

/**
 * Joins sentence takes into one MP3 and its SRT: frames end to end (each take already carries its
 * faded edges and pauses), each sentence timed from where its take starts.
 */
export function joinSentences(takes: { text: string; mp3: Buffer; durationMs: number }[]): JoinedSpeech {
  let at = 0;
  const segments = takes.map((take) => {
    const segment = { text: take.text, startMs: at, endMs: at + take.durationMs };
    at += take.durationMs;
    return segment;
  });
  return { mp3: Buffer.concat(takes.map((take) => take.mp3)), srt: toSrt(segments), durationMs: at, segments };
}
