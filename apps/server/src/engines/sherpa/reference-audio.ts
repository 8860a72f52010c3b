import type { OfflineSpeechDenoiser } from 'sherpa-onnx-node';
import type { DecodedAudio } from '../../audio/mp3-decode.js';

/** Zero-shot models need a few seconds of speech; more only slows every request down. */
const MAX_REFERENCE_SECONDS = 15;
/**
 * A sample with a transcript is not cut (the transcript must match what the model hears), so it
 * has a limit of its own: ZipVoice works on the whole reference for every sentence it speaks.
 */
export const MAX_TRANSCRIBED_SECONDS = 30;
const FRAME_SECONDS = 0.02;
/** A frame counts as speech when its RMS is above this share of the loudest frame's. */
const SPEECH_SHARE = 0.05;

export interface ReferenceAudio {
  samples: Float32Array;
  sampleRate: number;
  /** What is said in it, when the user gave it (ZipVoice needs it; Pocket TTS does without). */
  transcript?: string;
}

/**
 * The reference a cloning model speaks from: the sample without leading and trailing silence,
 * cleaned by the denoiser when the user asked for noise reduction and one is installed, and cut
 * to 15 seconds unless it comes with its transcript.
 */
export function prepareReference(
  sample: DecodedAudio,
  denoiser: OfflineSpeechDenoiser | null,
  transcript?: string,
): ReferenceAudio {
  const trimmed = trimSilence(sample.samples, sample.sampleRate);
  const cleaned = denoiser
    ? denoiser.run({ samples: trimmed, sampleRate: sample.sampleRate })
    : { samples: trimmed, sampleRate: sample.sampleRate };
  if (transcript) return { samples: cleaned.samples, sampleRate: cleaned.sampleRate, transcript };
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

/**
 * Marks the second layout, which carries the transcript. The first layout starts with the sample
 * rate, and no sample rate is anywhere near this number, so both read back unambiguously.
 */
const WITH_TRANSCRIPT = 0x32_46_52_53; // 'SRF2' read little-endian

/**
 * Stored as the mark, the sample rate, the transcript's byte length (all uint32, little-endian),
 * the transcript (UTF-8) and then the samples as float32. References stored before transcripts
 * existed are the sample rate followed by the samples, and still read.
 */
export function encodeReference(reference: ReferenceAudio): Buffer {
  const transcript = Buffer.from(reference.transcript ?? '', 'utf8');
  const header = Buffer.alloc(12);
  header.writeUInt32LE(WITH_TRANSCRIPT, 0);
  header.writeUInt32LE(reference.sampleRate, 4);
  header.writeUInt32LE(transcript.length, 8);
  const samples = Buffer.from(reference.samples.buffer, reference.samples.byteOffset, reference.samples.byteLength);
  return Buffer.concat([header, transcript, samples]);
}

export function decodeReference(bytes: Buffer): ReferenceAudio {
  if (bytes.readUInt32LE(0) !== WITH_TRANSCRIPT)
    return { sampleRate: bytes.readUInt32LE(0), samples: floats(bytes.subarray(4)) };
  const transcriptEnd = 12 + bytes.readUInt32LE(8);
  const transcript = bytes.subarray(12, transcriptEnd).toString('utf8');
  return {
    sampleRate: bytes.readUInt32LE(4),
    samples: floats(bytes.subarray(transcriptEnd)),
    ...(transcript ? { transcript } : {}),
  };
}

/** Copied into a buffer of its own, as Float32Array needs 4-byte alignment. */
function floats(bytes: Buffer): Float32Array {
  const samples = new Float32Array(Math.floor(bytes.length / 4));
  Buffer.from(samples.buffer).set(bytes.subarray(0, samples.length * 4));
  return samples;
}
