import createFlac from 'libflacjs';

type Flac = ReturnType<typeof createFlac>;

/** libFLAC's default trade-off between size and speed (the `flac` command's own default). */
const COMPRESSION_LEVEL = 5;
/** Samples handed to libFLAC between yields to the event loop (about five seconds of speech). */
const SLICE_SAMPLES = 4096 * 30;

let loading: Promise<Flac> | undefined;

/**
 * libFLAC, compiled once per process. The asm.js build is used, not the WebAssembly one: that
 * build's loader fetches its .wasm file by path with the global `fetch`, which Node 18+ has and
 * which cannot read a file path, so it never loads on Node. The asm.js build is fast enough
 * (ten seconds of 24 kHz speech encode in well under 100 ms).
 */
function loadFlac(): Promise<Flac> {
  loading ??= new Promise((resolve) => {
    const flac = createFlac('release.asmjs');
    if (flac.isReady()) resolve(flac);
    else flac.on('ready', () => resolve(flac));
  });
  return loading;
}

/**
 * A FLAC encoder (libFLAC, mono, 16-bit) fed piece by piece. libFLAC hands back whole frames as
 * its blocks fill, so a response streams as sentences are spoken. Because the header goes out
 * before the length is known, its STREAMINFO says "total samples unknown" (0) and carries no MD5,
 * as `flac` itself writes when its output is a pipe; players and decoders take that as it is.
 * `close` frees the encoder's memory, shared by every stream in the process, so it must be called
 * however the stream ends.
 */
export class FlacStream {
  private readonly parts: Buffer[] = [];
  private closed = false;

  private constructor(
    readonly sampleRate: number,
    private readonly flac: Flac,
    private readonly encoder: number,
  ) {}

  static async open(sampleRate: number): Promise<FlacStream> {
    const flac = await loadFlac();
    const encoder = flac.create_libflac_encoder(sampleRate, 1, 16, COMPRESSION_LEVEL, 0, false);
    if (encoder === 0) throw new Error(`libFLAC could not create an encoder for ${sampleRate} Hz`);
    const stream = new FlacStream(sampleRate, flac, encoder);
    const status = flac.init_encoder_stream(encoder, (data, length) => {
      // The data is a view of libFLAC's memory, which its next call reuses: keep a copy.
      stream.parts.push(Buffer.from(data.subarray(0, length)));
    });
    if (status !== 0) {
      stream.close();
      throw new Error(`libFLAC could not start encoding (init status ${status})`);
    }
    return stream;
  }

  async write(samples: Int16Array): Promise<void> {
    for (let start = 0; start < samples.length; start += SLICE_SAMPLES) {
      // libFLAC takes each 16-bit sample widened to 32 bits.
      const slice = Int32Array.from(samples.subarray(start, start + SLICE_SAMPLES));
      if (!this.flac.FLAC__stream_encoder_process_interleaved(this.encoder, slice, slice.length)) {
        throw new Error(`libFLAC failed to encode (state ${this.flac.FLAC__stream_encoder_get_state(this.encoder)})`);
      }
      if (start + SLICE_SAMPLES < samples.length) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /** The FLAC bytes encoded since the last take: what a streaming caller can send now. */
  take(): Buffer {
    return Buffer.concat(this.parts.splice(0));
  }

  /** Encodes the last, partial block and answers every byte not yet taken. */
  end(): Buffer {
    if (!this.closed) this.flac.FLAC__stream_encoder_finish(this.encoder);
    this.close();
    return this.take();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.flac.FLAC__stream_encoder_delete(this.encoder);
  }
}
