import { decodeSample } from '../../src/audio/probe.js';
import { runEspeakWav } from '../../src/engines/espeak/run.js';
import type { CloneSample } from '../../src/engines/speech-engine.js';

const SAMPLE_TEXT =
  'The morning train left the station a little after seven. Nobody on the platform noticed the small dog ' +
  'that followed it. By noon the fields had turned from green to gold under a wide sky, and the river ' +
  'kept its own slow time.';

/**
 * A spoken sample as a WAV file, made by eSpeak NG with the given voice, base pitch (0-99) and
 * speed (words per minute).
 */
export async function spokenSampleWav(voice = 'en-us+m3', basePitch = 50, wordsPerMinute = 175): Promise<Buffer> {
  const wav = await runEspeakWav(['-v', voice, '-p', String(basePitch), '-s', String(wordsPerMinute)], SAMPLE_TEXT);
  return Buffer.from(wav);
}

/** A spoken sample as the clone service hands it to an engine: its WAV bytes, decoded once. */
export async function spokenSample(voice?: string, basePitch?: number, wordsPerMinute?: number): Promise<CloneSample> {
  const bytes = await spokenSampleWav(voice, basePitch, wordsPerMinute);
  return { ...(await decodeSample(bytes, 'wav')), bytes, fileName: 'sample.wav' };
}

/** A silent 16-bit mono WAV file of the given length. */
export function silentWav(seconds: number, sampleRate = 8_000): Buffer {
  const dataBytes = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(dataBytes, 40);
  return Buffer.concat([header, Buffer.alloc(dataBytes)]);
}
