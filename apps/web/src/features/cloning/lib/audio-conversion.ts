import { Mp3Encoder } from '@breezystack/lamejs';

export type ConversionStage = 'reading' | 'decoding' | 'processing' | 'encoding' | 'finalizing' | 'complete';

export interface ConversionProgress {
  stage: ConversionStage;
  percent: number;
}

export const CONVERSION_CANCELLED = 'Conversion cancelled by user';
const FRAME = 1152;
const FRAMES_PER_SLICE = 300;

/** Decodes any audio the browser understands (video files included) to its samples. */
export async function decodeInBrowser(bytes: ArrayBuffer): Promise<AudioBuffer> {
  const context = new AudioContext();
  try {
    return await context.decodeAudioData(bytes);
  } finally {
    void context.close();
  }
}

/** The length of a file's audio in seconds, read by decoding it. */
export async function readDuration(file: File): Promise<number> {
  return (await decodeInBrowser(await file.arrayBuffer())).duration;
}

function mono(buffer: AudioBuffer): Int16Array {
  const channels = Array.from({ length: buffer.numberOfChannels }, (_, index) => buffer.getChannelData(index));
  const samples = new Int16Array(buffer.length);
  for (let i = 0; i < buffer.length; i += 1) {
    let sum = 0;
    for (const channel of channels) sum += channel[i] ?? 0;
    const value = sum / channels.length;
    samples[i] = Math.max(-32_768, Math.min(32_767, Math.round(value * 32_767)));
  }
  return samples;
}

/**
 * Turns an audio or video file into a real MP3 (mono, 128 kbps) in the browser, reporting the
 * spec's stages: reading 10, decoding 20, processing 40, encoding 60 up to 90, finalizing 95,
 * complete 100. Encoding yields between slices so the page stays responsive and can cancel.
 */
export async function convertToMp3(
  file: File,
  onProgress: (progress: ConversionProgress) => void,
  signal?: AbortSignal,
): Promise<File> {
  const check = () => {
    if (signal?.aborted) throw new Error(CONVERSION_CANCELLED);
  };
  onProgress({ stage: 'reading', percent: 10 });
  const bytes = await file.arrayBuffer();
  check();
  onProgress({ stage: 'decoding', percent: 20 });
  const decoded = await decodeInBrowser(bytes);
  check();
  onProgress({ stage: 'processing', percent: 40 });
  const samples = mono(decoded);
  onProgress({ stage: 'encoding', percent: 60 });
  const encoder = new Mp3Encoder(1, decoded.sampleRate, 128);
  const parts: Uint8Array[] = [];
  const frames = Math.ceil(samples.length / FRAME);
  for (let frame = 0; frame < frames; frame += 1) {
    const out = encoder.encodeBuffer(samples.subarray(frame * FRAME, (frame + 1) * FRAME));
    if (out.length > 0) parts.push(new Uint8Array(out.buffer, out.byteOffset, out.byteLength).slice());
    if (frame % FRAMES_PER_SLICE === FRAMES_PER_SLICE - 1) {
      onProgress({ stage: 'encoding', percent: 60 + Math.round((30 * frame) / frames) });
      await new Promise((resolve) => setTimeout(resolve, 0));
      check();
    }
  }
  onProgress({ stage: 'finalizing', percent: 95 });
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(new Uint8Array(tail.buffer, tail.byteOffset, tail.byteLength).slice());
  const mp3 = new File(parts as BlobPart[], `${file.name.replace(/\.[^.]+$/, '')}.mp3`, { type: 'audio/mpeg' });
  onProgress({ stage: 'complete', percent: 100 });
  return mp3;
}
