import { MPEGDecoder } from 'mpg123-decoder';

export interface DecodedAudio {
  /** The first channel, as floats in -1..1. */
  samples: Float32Array;
  sampleRate: number;
  durationMs: number;
}

/**
 * Decodes MP3 bytes with mpg123 (WebAssembly). Throws when the bytes hold no decodable audio, so a
 * caller can tell a real MP3 from a file that only carries the extension.
 */
export async function decodeMp3(bytes: Uint8Array): Promise<DecodedAudio> {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    const decoded = decoder.decode(bytes);
    const samples = decoded.channelData[0];
    if (!samples || decoded.samplesDecoded === 0) throw new Error('No MPEG audio could be decoded');
    return {
      samples: samples.subarray(0, decoded.samplesDecoded),
      sampleRate: decoded.sampleRate,
      durationMs: (decoded.samplesDecoded / decoded.sampleRate) * 1000,
    };
  } finally {
    decoder.free();
  }
}
