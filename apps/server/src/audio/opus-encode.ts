import OpusScript from 'opusscript';

/** The sample rates libopus accepts as input; anything else is resampled to the next one up. */
export const OPUS_RATES = [8_000, 12_000, 16_000, 24_000, 48_000] as const;
export type OpusRate = (typeof OPUS_RATES)[number];

/** The Opus rate an engine's audio is encoded at: the lowest that loses none of its bandwidth. */
export function opusRateFor(sampleRate: number): OpusRate {
  return OPUS_RATES.find((rate) => rate >= sampleRate) ?? 48_000;
}

/** Ogg Opus granule positions always count 48 kHz samples, whatever rate was encoded (RFC 7845 §4). */
const GRANULE_RATE = 48_000;
/** 20 ms frames: libopus's default, and what players and WebRTC expect. */
const FRAME_MS = 20;
/**
 * libopus's look-ahead for the VOIP and AUDIO applications is 6.5 ms (Fs/400 + Fs/250), 312 samples
 * at 48 kHz at every input rate. opusscript cannot read it back (its ctl has no out-argument), so
 * it is stated here; decoders drop this many samples from the start (the OpusHead pre-skip).
 */
const PRE_SKIP = 312;
/** Frames encoded between yields to the event loop, so a long chunk never stalls other requests. */
const FRAMES_PER_SLICE = 250;
/** A page holds at most 255 lacing values; a 20 ms mono packet needs at most 6 of them. */
const MAX_SEGMENTS = 255;
const VENDOR = 'Sayso (libopus via opusscript)';

/**
 * An Ogg Opus encoder (libopus in WebAssembly, mono, 20 ms frames) fed piece by piece. Each write
 * answers whole Ogg pages for the frames it completed, so a response can stream as sentences are
 * spoken; `end` pads and flushes the last frame and closes the stream with an end-of-stream page
 * whose granule position trims that padding. `close` frees the encoder's WebAssembly memory, which
 * is shared by every stream in the process, so it must be called however the stream ends.
 */
export class OggOpusStream {
  private readonly encoder: OpusScript;
  private readonly frameSamples: number;
  private readonly serial = Math.floor(Math.random() * 0x1_0000_0000);
  private pending = new Int16Array(0);
  private packets: Buffer[] = [];
  private pageSequence = 0;
  /** Input samples handed over so far, at the encoding rate. */
  private inputSamples = 0;
  /** Samples (at the encoding rate) inside the packets encoded so far. */
  private encodedSamples = 0;
  private out: Buffer[] = [];
  private closed = false;

  constructor(
    readonly sampleRate: OpusRate,
    kbps: number,
  ) {
    this.encoder = new OpusScript(sampleRate, 1, OpusScript.Application.AUDIO, { wasm: true });
    this.encoder.setBitrate(kbps * 1000);
    this.frameSamples = (sampleRate * FRAME_MS) / 1000;
    this.page([opusHead(sampleRate)], 0, 0x02);
    this.page([opusTags()], 0, 0);
  }

  /** Encodes mono 16-bit PCM at the stream's rate; the bytes are ready with `take`. */
  async write(samples: Int16Array): Promise<void> {
    this.inputSamples += samples.length;
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    let start = 0;
    let frames = 0;
    while (all.length - start >= this.frameSamples) {
      this.encodeFrame(all.subarray(start, start + this.frameSamples));
      start += this.frameSamples;
      frames += 1;
      if (frames % FRAMES_PER_SLICE === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    this.pending = all.slice(start);
    this.flushPages(false);
  }

  /** Every Ogg page completed since the last take: what a streaming caller can send now. */
  take(): Buffer {
    return Buffer.concat(this.out.splice(0));
  }

  /** Encodes what is left (with silence to cover libopus's look-ahead) and answers the last pages. */
  end(): Buffer {
    const lookAhead = Math.ceil((PRE_SKIP * this.sampleRate) / GRANULE_RATE);
    const needed = this.inputSamples + lookAhead - this.encodedSamples;
    const frames = Math.max(1, Math.ceil(needed / this.frameSamples));
    const tail = new Int16Array(frames * this.frameSamples);
    tail.set(this.pending);
    for (let start = 0; start < tail.length; start += this.frameSamples) {
      this.encodeFrame(tail.subarray(start, start + this.frameSamples));
    }
    this.pending = new Int16Array(0);
    this.flushPages(true);
    this.close();
    return this.take();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.encoder.delete();
  }

  private encodeFrame(frame: Int16Array): void {
    // opusscript copies the buffer's bytes into its own memory, as 16-bit native-endian samples.
    const bytes = Buffer.from(frame.buffer, frame.byteOffset, frame.byteLength);
    this.packets.push(this.encoder.encode(bytes, this.frameSamples));
    this.encodedSamples += this.frameSamples;
  }

  /**
   * Puts the packets encoded so far on pages. Mid-stream each page's granule position is the end
   * of its last packet; the final page's is where the real audio ends, so players drop the padding.
   */
  private flushPages(last: boolean): void {
    const toGranule = GRANULE_RATE / this.sampleRate;
    const queued = this.packets.splice(0);
    let sent = this.encodedSamples - queued.length * this.frameSamples;
    while (queued.length > 0) {
      const onPage: Buffer[] = [];
      let segments = 0;
      while (queued.length > 0) {
        const next = queued[0] as Buffer;
        const needs = Math.floor(next.length / 255) + 1;
        if (segments + needs > MAX_SEGMENTS) break;
        segments += needs;
        onPage.push(next);
        queued.shift();
      }
      sent += onPage.length * this.frameSamples;
      const final = last && queued.length === 0;
      const granule = final ? PRE_SKIP + Math.round(this.inputSamples * toGranule) : Math.round(sent * toGranule);
      this.page(onPage, granule, final ? 0x04 : 0);
    }
  }

  /** One Ogg page (RFC 3533) holding whole packets; flags: 0x02 first page, 0x04 last. */
  private page(packets: Buffer[], granule: number, flags: number): void {
    const lacing: number[] = [];
    for (const packet of packets) {
      // A packet's length is a run of 255s ended by a smaller value (0 when it is a multiple of 255).
      for (let left = packet.length; ; left -= 255) {
        lacing.push(Math.min(left, 255));
        if (left < 255) break;
      }
    }
    const header = Buffer.alloc(27 + lacing.length);
    header.write('OggS', 0, 'ascii');
    header.writeUInt8(0, 4); // version
    header.writeUInt8(flags, 5);
    header.writeBigUInt64LE(BigInt(granule), 6);
    header.writeUInt32LE(this.serial, 14);
    header.writeUInt32LE(this.pageSequence, 18);
    header.writeUInt8(lacing.length, 26);
    Buffer.from(lacing).copy(header, 27);
    const page = Buffer.concat([header, ...packets]);
    page.writeUInt32LE(oggCrc(page), 22);
    this.pageSequence += 1;
    this.out.push(page);
  }
}

/** The identification header (RFC 7845 §5.1): mono, channel mapping family 0. */
function opusHead(sampleRate: number): Buffer {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head.writeUInt8(1, 8); // version
  head.writeUInt8(1, 9); // channels
  head.writeUInt16LE(PRE_SKIP, 10);
  head.writeUInt32LE(sampleRate, 12);
  head.writeInt16LE(0, 16); // output gain
  head.writeUInt8(0, 18); // mapping family
  return head;
}

/** The comment header (RFC 7845 §5.2): a vendor string and no comments. */
function opusTags(): Buffer {
  const vendor = Buffer.from(VENDOR, 'utf8');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  tags.writeUInt32LE(0, 12 + vendor.length);
  return tags;
}

/** Ogg's CRC-32: polynomial 0x04c11db7, not reflected, starting at 0, with no final xor. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i += 1) {
    let crc = i << 24;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000_0000 ? (crc << 1) ^ 0x04c1_1db7 : crc << 1;
    table[i] = crc >>> 0;
  }
  return table;
})();

function oggCrc(bytes: Buffer): number {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
}
