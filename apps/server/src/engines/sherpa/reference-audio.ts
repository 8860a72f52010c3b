import type { OfflineSpeechDenoiser } from 'sherpa-onnx-node';
import type { DecodedAudio } from '../../audio/mp3-decode.js';

/** Zero-shot models need a few seconds of speech; more only slows every request down. */
const MAX_REFERENCE_SECONDS = 15;
const FRAME_SECONDS = 0.02;
/** A frame counts as speech when its RMS is above this share of the loudest frame's. */
const SPEECH_SHARE = 0.05;

export interface ReferenceAudio {
  samples: Float32Array;
  sampleRate: number;
}

/**
 * The reference a cloning model speaks from: the sample without leading and trailing silence,
 * cleaned by the denoiser when the user asked for noise reduction and one is installed, and cut
 * to 15 seconds.
 */
export function prepareReference(sample: DecodedAudio, denoiser: OfflineSpeechDenoiser | null): ReferenceAudio {
  const trimmed = trimSilence(sample.samples, sample.sampleRate);
  const cleaned = denoiser
    ? denoiser.run({ samples: trimmed, sampleRate: sample.sampleRate })
    : { samples: trimmed, sampleRate: sample.sampleRate };
  const limit = Math.round(MAX_REFERENCE_SECONDS * cleaned.sampleRate);
  return { samples: cleaned.samples.slice(0, limit), sampleRate: cleaned.sampleRate };
}

function trimSilence(samples: Float32Array, sampleRate: number): Float32Array {
  const frame = Math.max(1, Math.round(FRAME_SECONDS * sampleRate));
  const levels: number[] = [];
  for (let start = 0; start < samples.length; start += frame) {
    let sum = 0;
    const end = Math.min(samples.length, start + frame);
    for (let index = start; index < end; index += 1) sum += (samples[index] ?? 0) ** 2;
    levels.push(Math.sqrt(sum / (end - start)));
  }
  const threshold = Math.max(...levels, 0) * SPEECH_SHARE;
  const first = levels.findIndex((level) => level > threshold);
  const last = levels.findLastIndex((level) => level > threshold);
  if (first < 0) return samples;
  return samples.slice(first * frame, Math.min(samples.length, (last + 1) * frame));
}

/** Stored as the sample rate (uint32, little-endian) and then the samples as float32. */
export function encodeReference(reference: ReferenceAudio): Buffer {
  const bytes = Buffer.alloc(4 + reference.samples.length * 4);
  bytes.writeUInt32LE(reference.sampleRate, 0);
  Buffer.from(reference.samples.buffer, reference.samples.byteOffset, reference.samples.byteLength).copy(bytes, 4);
  return bytes;
}

export function decodeReference(bytes: Buffer): ReferenceAudio {
  const samples = new Float32Array((bytes.length - 4) / 4);
  Buffer.from(samples.buffer).set(bytes.subarray(4));
  return { sampleRate: bytes.readUInt32LE(0), samples };
}
