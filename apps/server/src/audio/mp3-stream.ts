import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createEncoder, type WasmMediaEncoder } from 'wasm-media-encoders';
import { pcmToFloats } from './pcm.js';

/** Constant bit rates this product encodes at. */
export type Mp3Kbps = 32 | 48 | 64 | 96 | 128 | 160 | 192;

/** Samples handed to LAME between yields to the event loop, so a long encode never stalls the server. */
const SLICE_SAMPLES = 1152 * 200;

/** What createEncoder accepts as LAME: after the first encoder, the module it compiled and handed back. */
type LameSource = Parameters<typeof createEncoder>[1];
let compiledLame: LameSource | undefined;

/**
 * A LAME encoder in WebAssembly. The module is compiled on first use and kept, so each later
 * stream only instantiates it, which is cheap.
 */
async function newLameEncoder(): Promise<WasmMediaEncoder<'audio/mpeg'>> {
  const source =
    compiledLame ?? (await readFile(createRequire(import.meta.url).resolve('wasm-media-encoders/wasm/mp3')));
  return createEncoder('audio/mpeg', source, (module) => {
    compiledLame = module;
  });
}

/**
 * An MP3 encoder (LAME in WebAssembly, mono, constant bit rate) fed piece by piece: long speech is
 * encoded as its chunks arrive instead of all at the end, and each write yields now and then so
 * other requests (and the task's heartbeat) keep running.
 */
export class Mp3Stream {
  private readonly parts: Buffer[] = [];

  private constructor(
    readonly sampleRate: number,
    private readonly encoder: WasmMediaEncoder<'audio/mpeg'>,
  ) {}

  static async open(sampleRate: number, kbps: Mp3Kbps = 128): Promise<Mp3Stream> {
    const encoder = await newLameEncoder();
    encoder.configure({ channels: 1, sampleRate, bitrate: kbps });
    return new Mp3Stream(sampleRate, encoder);
  }

  async write(samples: Int16Array): Promise<void> {
    for (let start = 0; start < samples.length; start += SLICE_SAMPLES) {
      const slice = samples.subarray(start, start + SLICE_SAMPLES);
      this.keep(this.encoder.encode([pcmToFloats(slice)]));
      if (start + SLICE_SAMPLES < samples.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The MP3 bytes encoded since the last take: what a streaming caller can send now. */
  take(): Buffer {
    return Buffer.concat(this.parts.splice(0));
  }

  /** Flushes the encoder and answers every byte not yet taken. */
  end(): Buffer {
    this.keep(this.encoder.finalize());
    return this.take();
  }

  // The encoder hands back a view of its own memory, which its next call overwrites: keep a copy.
  private keep(out: Uint8Array): void {
    if (out.length > 0) this.parts.push(Buffer.from(out));
  }
}

/** Encodes mono 16-bit PCM to MP3 in one go (short audio such as previews and test tones). */
export async function encodeMp3(samples: Int16Array, sampleRate: number, kbps: Mp3Kbps = 128): Promise<Buffer> {
  const stream = await Mp3Stream.open(sampleRate, kbps);
  await stream.write(samples);
  return stream.end();
}
