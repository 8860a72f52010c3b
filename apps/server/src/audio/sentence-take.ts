import { Mp3Stream } from './mp3-stream.js';

/** Silence on each side of a sentence of PCM audio: joined, a natural 120 ms pause between sentences. */
const SENTENCE_PAD_MS = 60;
/** Each sentence fades in and out this fast, so a join never starts or stops on a loud sample. */
const FADE_MS = 4;

/** Turns a sentence's PCM into the MP3 of its take (the render pool runs this off the event loop). */
export type TakeEncoder = (samples: Int16Array, sampleRate: number) => Promise<Buffer>;

function fadeAndPad(samples: Int16Array, sampleRate: number): Int16Array {
  const pad = Math.round((SENTENCE_PAD_MS / 1000) * sampleRate);
  const out = new Int16Array(samples.length + 2 * pad);
  out.set(samples, pad);
  const fade = Math.min(Math.round((FADE_MS / 1000) * sampleRate), Math.floor(samples.length / 2));
  for (let i = 0; i < fade; i += 1) {
    const gain = i / fade;
    out[pad + i] = Math.round((samples[i] ?? 0) * gain);
    const end = samples.length - 1 - i;
    out[pad + end] = Math.round((samples[end] ?? 0) * gain);
  }
  return out;
}

/** A sentence's PCM as a standalone MP3 take: faded edges, padded with silence, LAME-encoded. */
export const encodeTake: TakeEncoder = async (samples, sampleRate) => {
  const stream = await Mp3Stream.open(sampleRate);
  await stream.write(fadeAndPad(samples, sampleRate));
  return stream.end();
};
