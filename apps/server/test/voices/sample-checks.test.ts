import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { parseWav } from '../../src/audio/audio.js';
import { encodeMp3 } from '../../src/audio/mp3-stream.js';
import { checkSample } from '../../src/domains/voices/sample-checks.js';
import { buildTestApp, localFilesDir } from '../helpers/build-app.js';
import { silentWav, spokenSampleWav } from '../helpers/samples.js';
import { ORIGIN, signedInUser } from '../helpers/sessions.js';

const UNREADABLE = "Unable to read audio file. Please make sure it's a valid audio file.";

/** An ID3v2.3 header announcing an empty tag, as the outside probe sent. */
const ID3_HEADER = Buffer.from([0x49, 0x44, 0x33, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
/** The first four bytes of an MPEG-1 layer III frame (128 kbps, 44.1 kHz, no padding). */
const FRAME_SYNC = Buffer.from([0xff, 0xfb, 0x90, 0x64]);

/** A WAV header for 16-bit mono PCM at `sampleRate` whose data chunk holds `data`. */
function wavWith(data: Buffer, sampleRate = 16_000): Buffer {
  const header = silentWav(0, sampleRate);
  header.writeUInt32LE(36 + data.length, 4);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

async function spokenMp3(): Promise<Buffer> {
  const { samples, sampleRate } = parseWav(await spokenSampleWav());
  return encodeMp3(samples, sampleRate, 64);
}

function clone(app: FastifyInstance, cookie: string, bytes: Buffer, name: string) {
  const body = new FormData();
  body.append('audio', new Blob([bytes], { type: name.endsWith('.wav') ? 'audio/wav' : 'audio/mpeg' }), name);
  body.append('voice_name', 'Probe');
  return app.inject({ method: 'POST', url: '/api/voice/clone', headers: { origin: ORIGIN, cookie }, payload: body });
}

async function storedSamples(app: FastifyInstance): Promise<Buffer[]> {
  const folder = path.join(localFilesDir(app), 'voice-samples');
  const names = await readdir(folder, { recursive: true }).catch(() => []);
  const files = names.filter((name) => /\.(mp3|wav)$/.test(name));
  return Promise.all(files.map((name) => readFile(path.join(folder, name))));
}

const refusal = (upload: Buffer, fileName = 'sample.mp3') =>
  checkSample({ bytes: upload, fileName }).then(
    () => 'accepted',
    (error: Error) => error.message,
  );

describe('a voice sample must be real audio', () => {
  it('refuses an ID3 header followed by 1 MiB of random bytes, and stores nothing', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const response = await clone(app, user.cookie, Buffer.concat([ID3_HEADER, randomBytes(1024 * 1024)]), 'probe.mp3');
    expect(response.json()).toEqual({ error: UNREADABLE, code: 'SAMPLE_UNREADABLE' });
    expect(response.statusCode).toBe(415);
    expect(await storedSamples(app)).toEqual([]);
  });

  it('refuses random bytes that start like an MP3, up to the 20 MB limit', async () => {
    expect(await refusal(Buffer.concat([ID3_HEADER, randomBytes(20 * 1024 * 1024 - 10)]))).toBe(UNREADABLE);
    expect(await refusal(Buffer.concat([FRAME_SYNC, randomBytes(4 * 1024 * 1024)]))).toBe(UNREADABLE);
  });

  it('refuses a valid WAV header over random bytes, and a silent WAV', async () => {
    // 30 s of random 16-bit samples: white noise at full scale.
    expect(await refusal(wavWith(randomBytes(16_000 * 2 * 30)), 'noise.wav')).toBe(UNREADABLE);
    // Quiet white noise is still noise.
    const hiss = Buffer.alloc(16_000 * 2 * 30);
    for (let i = 0; i < hiss.length; i += 2) hiss.writeInt16LE(Math.round((Math.random() - 0.5) * 600), i);
    expect(await refusal(wavWith(hiss), 'hiss.wav')).toBe(UNREADABLE);
    expect(await refusal(silentWav(30), 'silent.wav')).toBe(UNREADABLE);
  });

  it('refuses MP3 frames whose contents are random, though every header is valid', async () => {
    const mp3 = await spokenMp3();
    const forged = Buffer.from(mp3);
    // Keep each 4-byte header (the file is one chain of frames from byte 0) and scramble the rest.
    for (let at = 0; at + 4 <= forged.length; ) {
      const kbps = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160][(forged[at + 2] ?? 0) >> 4] ?? 0;
      const length = Math.floor((72 * kbps * 1000) / 22_050) + (((forged[at + 2] ?? 0) >> 1) & 1);
      randomBytes(Math.min(length, forged.length - at) - 4).copy(forged, at + 4);
      at += length;
    }
    expect(await refusal(forged)).toBe(UNREADABLE);
  });

  it('accepts spoken samples as WAV and MP3, keeping their bytes as they are', async () => {
    const wav = await spokenSampleWav();
    const mp3 = await spokenMp3();
    const checkedWav = await checkSample({ bytes: wav, fileName: 'a.wav' });
    expect(checkedWav.bytes.equals(wav)).toBe(true);
    expect(checkedWav.durationMs).toBeGreaterThan(10_000);
    const checkedMp3 = await checkSample({ bytes: mp3, fileName: 'a.mp3' });
    expect(checkedMp3.bytes.equals(mp3)).toBe(true);
    // A tagged MP3 (ID3v2 in front, ID3v1 at the end) keeps only its frames.
    const tag = Buffer.concat([ID3_HEADER.subarray(0, 9), Buffer.from([20]), Buffer.alloc(20)]);
    const tagged = Buffer.concat([tag, mp3, Buffer.from('TAG'), Buffer.alloc(125)]);
    expect((await checkSample({ bytes: tagged, fileName: 'a.mp3' })).bytes.equals(mp3)).toBe(true);
  });

  it('strips junk after real speech, so only the checked audio is stored', async () => {
    const app = await buildTestApp();
    const user = await signedInUser(app);
    const mp3 = await spokenMp3();
    const wav = await spokenSampleWav();
    const junk = randomBytes(512 * 1024);
    for (const [upload, name] of [
      [Buffer.concat([mp3, junk]), 'speech-then-junk.mp3'],
      [Buffer.concat([wav, junk]), 'speech-then-junk.wav'],
    ] as const) {
      const response = await clone(app, user.cookie, upload, name);
      expect(response.statusCode, name).toBe(200);
    }
    const stored = await storedSamples(app);
    expect(stored).toHaveLength(2);
    expect(stored.some((file) => file.equals(mp3))).toBe(true);
    expect(stored.some((file) => file.equals(wav))).toBe(true);
  });
});
