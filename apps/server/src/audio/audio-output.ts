import type { SynthesizedAudio } from '../engines/speech-engine.js';
import { FlacStream } from './flac-encode.js';
import { decodeMp3 } from './mp3-decode.js';
import { type Mp3Kbps, Mp3Stream } from './mp3-stream.js';
import { OggOpusStream, opusRateFor } from './opus-encode.js';
import { floatsToPcm } from './pcm.js';

/**
 * The audio a client asked for: a container, and a sample rate (null keeps the engine's own; for
 * Opus, the lowest Opus rate at or above the engine's). `kbps` is MP3's and Opus's bit rate.
 */
export interface OutputFormat {
  container: 'mp3' | 'wav' | 'pcm' | 'opus' | 'flac';
  sampleRate: number | null;
  kbps?: Mp3Kbps;
}

/** Opus's bit rate when none was asked for: clear speech, mono, about a third of MP3's 128. */
const DEFAULT_OPUS_KBPS = 48;

export const CONTENT_TYPES: Record<OutputFormat['container'], string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
  // Ogg-encapsulated Opus, under the type OpenAI answers with.
  opus: 'audio/opus',
  flac: 'audio/flac',
};

/**
 * Turns spoken chunks into the bytes of one output format as they arrive, so a response can be
 * streamed: each `write` answers the bytes that are ready to send, `end` the rest.
 */
export interface AudioOutput {
  readonly format: OutputFormat;
  write(audio: SynthesizedAudio, gapMs: number): Promise<Buffer>;
  end(): Buffer;
  /**
   * Frees the encoder when the output is abandoned before `end` (the client left, the engine
   * failed). Opus's and FLAC's encoders live in memory shared by the whole process, which garbage
   * collection never reclaims; calling it after `end`, or twice, does nothing.
   */
  close(): void;
}

export function openAudioOutput(format: OutputFormat): AudioOutput {
  switch (format.container) {
    case 'mp3':
      return new Mp3Output(format);
    case 'opus':
      return new OpusOutput(format);
    case 'flac':
      return new FlacOutput(format);
    default:
      return new PcmOutput(format);
  }
}

/** Mono 16-bit PCM of a chunk, decoding it first when the engine spoke MP3. */
async function toPcm(audio: SynthesizedAudio): Promise<{ samples: Int16Array; sampleRate: number }> {
  if (audio.format === 'pcm16') return audio;
  const decoded = await decodeMp3(audio.bytes);
  return { samples: floatsToPcm(decoded.samples, 32_768), sampleRate: decoded.sampleRate };
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

/**
 * A chunk's PCM at the output's rate, after its leading pause. The rate is a number, null for the
 * engine's own, or a choice made from the engine's own (Opus picks the nearest rate it takes).
 */
async function pcmWithGap(
  audio: SynthesizedAudio,
  gapMs: number,
  target: number | null | ((engineRate: number) => number),
) {
  const pcm = await toPcm(audio);
  const sampleRate = typeof target === 'function' ? target(pcm.sampleRate) : (target ?? pcm.sampleRate);
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

  close(): void {}
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

  // Each MP3 stream has its own WebAssembly instance, which is collected with it.
  close(): void {}
}

/**
 * Ogg Opus out. The rate is settled by the first chunk (Opus takes only 8, 12, 16, 24 or 48 kHz,
 * so 22.05 kHz Piper audio is encoded at 24 kHz, 44.1 kHz at 48) and later chunks are brought to it.
 */
class OpusOutput implements AudioOutput {
  private encoder: OggOpusStream | null = null;

  constructor(readonly format: OutputFormat) {}

  async write(audio: SynthesizedAudio, gapMs: number): Promise<Buffer> {
    const asked = this.format.sampleRate;
    const target = this.encoder?.sampleRate ?? (asked === null ? opusRateFor : opusRateFor(asked));
    const { samples, sampleRate } = await pcmWithGap(audio, gapMs, target);
    this.encoder ??= new OggOpusStream(opusRateFor(sampleRate), this.format.kbps ?? DEFAULT_OPUS_KBPS);
    await this.encoder.write(samples);
    return this.encoder.take();
  }

  end(): Buffer {
    // No chunk at all cannot happen (a request has text), but an empty stream is still valid Ogg.
    const rate = opusRateFor(this.format.sampleRate ?? 24_000);
    this.encoder ??= new OggOpusStream(rate, this.format.kbps ?? DEFAULT_OPUS_KBPS);
    return this.encoder.end();
  }

  close(): void {
    this.encoder?.close();
  }
}

/** FLAC out, at the rate asked for or the engine's own, settled by the first chunk. */
class FlacOutput implements AudioOutput {
  private encoder: FlacStream | null = null;

  constructor(readonly format: OutputFormat) {}

  async write(audio: SynthesizedAudio, gapMs: number): Promise<Buffer> {
    const target = this.encoder?.sampleRate ?? this.format.sampleRate;
    const { samples, sampleRate } = await pcmWithGap(audio, gapMs, target);
    this.encoder ??= await FlacStream.open(sampleRate);
    await this.encoder.write(samples);
    return this.encoder.take();
  }

  end(): Buffer {
    return this.encoder?.end() ?? Buffer.alloc(0);
  }

  close(): void {
    this.encoder?.close();
  }
}
