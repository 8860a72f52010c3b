import type { SynthesizedAudio } from '../engines/speech-engine.js';
import { decodeMp3 } from './mp3-decode.js';
import { type Mp3Kbps, Mp3Stream } from './mp3-stream.js';

/** The audio a client asked for: a container, and a sample rate (null keeps the engine's own). */
export interface OutputFormat {
  container: 'mp3' | 'wav' | 'pcm';
  sampleRate: number | null;
  kbps?: Mp3Kbps;
}

export const CONTENT_TYPES: Record<OutputFormat['container'], string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/**
 * Turns spoken chunks into the bytes of one output format as they arrive, so a response can be
 * streamed: each `write` answers the bytes that are ready to send, `end` the rest.
 */
export interface AudioOutput {
  readonly format: OutputFormat;
  write(audio: SynthesizedAudio, gapMs: number): Promise<Buffer>;
  end(): Buffer;
}

export function openAudioOutput(format: OutputFormat): AudioOutput {
  return format.container === 'mp3' ? new Mp3Output(format) : new PcmOutput(format);
}

/** Mono 16-bit PCM of a chunk, decoding it first when the engine spoke MP3. */
async function toPcm(audio: SynthesizedAudio): Promise<{ samples: Int16Array; sampleRate: number }> {
  if (audio.format === 'pcm16') return audio;
  const decoded = await decodeMp3(audio.bytes);
  const samples = Int16Array.from(decoded.samples, (value) =>
    Math.max(-32_768, Math.min(32_767, Math.round(value * 32_768))),
  );
  return { samples, sampleRate: decoded.sampleRate };
}

/**
 * Converts 16-bit PCM between sample rates by linear interpolation. Chunks start and end faded to
 * silence, so converting each on its own leaves no click at the joins.
 */
export function resamplePcm(samples: Int16Array, from: number, to: number): Int16Array {
  if (from === to || samples.length === 0) return samples;
  const length = Math.max(1, Math.round((samples.length * to) / from));
  const out = new Int16Array(length);
  const step = from / to;
  for (let i = 0; i < length; i += 1) {
    const position = i * step;
    const left = Math.min(samples.length - 1, Math.floor(position));
    const right = Math.min(samples.length - 1, left + 1);
    const weight = position - left;
    out[i] = Math.round((samples[left] ?? 0) * (1 - weight) + (samples[right] ?? 0) * weight);
  }
  return out;
}

/** A chunk's PCM at the output's rate, after its leading pause. */
async function pcmWithGap(audio: SynthesizedAudio, gapMs: number, target: number | null) {
  const pcm = await toPcm(audio);
  const sampleRate = target ?? pcm.sampleRate;
  const gap = new Int16Array(Math.round((gapMs / 1000) * sampleRate));
  const body = resamplePcm(pcm.samples, pcm.sampleRate, sampleRate);
  const samples = new Int16Array(gap.length + body.length);
  samples.set(body, gap.length);
  return { samples, sampleRate };
}

/**
 * A WAV header for a stream whose length is not known when it starts: both sizes are the largest
 * value, which players read as "until the end of the data", as streaming TTS services do.
 */
export function streamingWavHeader(sampleRate: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(0xffff_ffff, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(0xffff_ffff, 40);
  return header;
}

class PcmOutput implements AudioOutput {
  private started = false;

  constructor(readonly format: OutputFormat) {}

  async write(audio: SynthesizedAudio, gapMs: number): Promise<Buffer> {
    const { samples, sampleRate } = await pcmWithGap(audio, gapMs, this.format.sampleRate);
    const bytes = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength);
    if (this.started || this.format.container !== 'wav') return Buffer.from(bytes);
    this.started = true;
    return Buffer.concat([streamingWavHeader(sampleRate), bytes]);
  }

  end(): Buffer {
    return Buffer.alloc(0);
  }
}

/** MP3 out: an MP3 engine's frames pass through untouched when no other rate was asked for. */
class Mp3Output implements AudioOutput {
  private encoder: Mp3Stream | null = null;

  constructor(readonly format: OutputFormat) {}

  async write(audio: SynthesizedAudio, gapMs: number): Promise<Buffer> {
    if (audio.format === 'mp3' && this.format.sampleRate === null && !this.encoder) return audio.bytes;
    const { samples, sampleRate } = await pcmWithGap(audio, gapMs, this.format.sampleRate);
    this.encoder ??= await Mp3Stream.open(sampleRate, this.format.kbps ?? 128);
    await this.encoder.write(samples);
    return this.encoder.take();
  }

  end(): Buffer {
    return this.encoder?.end() ?? Buffer.alloc(0);
  }
}
