import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { correlation } from '../helpers/codecs.js';
import { creditsOf, expectLedgerInvariants, openHolds } from '../helpers/money.js';

const HOST = 'espeak-en-us-f2';
const GUEST = 'espeak-en-gb-m3';
const FIRST = 'Welcome to the show. It is good to have you here.';
const SECOND = 'Thank you, I am glad to be here at last.';
/** 16-bit mono PCM at 16 kHz: bytes to seconds. */
const pcmSeconds = (bytes: Buffer) => bytes.length / 2 / 16_000;

async function dialogueClient() {
  const app = await buildTestApp({ engines: [createEspeakEngine()] });
  const base = await listening(app);
  const user = await apiUser(app);
  const client = new ElevenLabsClient({ apiKey: user.secret, baseUrl: `${base}/elevenlabs`, maxRetries: 0 });
  return { app, base, user, client };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part));
  return Buffer.concat(parts);
}

async function refusal(call: Promise<unknown>): Promise<ElevenLabsError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ElevenLabsError) return error;
    throw error;
  }
  throw new Error('the call was not refused');
}

/** The RMS loudness of a stretch of 16-bit PCM, to find the pause between two lines. */
function loudness(bytes: Buffer, fromSeconds: number, toSeconds: number): number {
  const samples = new Int16Array(bytes.buffer, bytes.byteOffset, bytes.length / 2);
  const from = Math.floor(fromSeconds * 16_000);
  const to = Math.min(samples.length, Math.floor(toSeconds * 16_000));
  let sum = 0;
  for (let i = from; i < to; i += 1) sum += (samples[i] ?? 0) ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
}

// Each test boots the app and renders real speech (eSpeak, resampling, LAME) on a shared machine.
describe('ElevenLabs text-to-dialogue through the official SDK', { timeout: 90_000 }, () => {
  it('speaks every line in its voice, in order, as one audio about as long as the lines spoken alone', async () => {
    const { app, user, client } = await dialogueClient();
    const alone = async (voiceId: string, text: string) =>
      pcmSeconds(await readAll(await client.textToSpeech.convert(voiceId, { text, outputFormat: 'pcm_16000' })));
    const hostAlone = await alone(HOST, FIRST);
    const guestAlone = await alone(GUEST, SECOND);
    const before = await creditsOf(app.db, user.userId);

    const { data, rawResponse } = await client.textToDialogue
      .convert({
        outputFormat: 'pcm_16000',
        inputs: [
          { text: FIRST, voiceId: HOST },
          { text: SECOND, voiceId: GUEST },
        ],
      })
      .withRawResponse();
    const audio = await readAll(data);
    const together = pcmSeconds(audio);

    expect(rawResponse.headers.get('content-type')).toBe('audio/pcm');
    expect(rawResponse.headers.get('character-cost')).toBe(String(FIRST.length + SECOND.length));
    // The two lines and the short pause between them, within a tenth of a second per line.
    expect(Math.abs(together - (hostAlone + guestAlone + 0.35))).toBeLessThan(0.2);
    // The pause sits where the first line ends: near silence there, speech either side.
    expect(loudness(audio, hostAlone + 0.05, hostAlone + 0.3)).toBeLessThan(50);
    expect(loudness(audio, 0.2, hostAlone - 0.2)).toBeGreaterThan(300);
    expect(loudness(audio, hostAlone + 0.5, together - 0.2)).toBeGreaterThan(300);

    // Credits moved by every character of both lines, and nothing is left held.
    expect(before - (await creditsOf(app.db, user.userId))).toBe(FIRST.length + SECOND.length);
    expect(await openHolds(app, user.userId)).toBe(0);
    await expectLedgerInvariants(app.db);
    const task = await app.db
      .selectFrom('speech_tasks')
      .select(['status', 'text', 'voice_id'])
      .where('id', '=', rawResponse.headers.get('history-item-id') ?? '')
      .executeTakeFirstOrThrow();
    expect(task).toEqual({ status: 'done', text: `${FIRST}\n${SECOND}`, voice_id: HOST });
    await app.close();
  });

  it('voices each line by its own voice: only the second line changes when its voice does', async () => {
    const { app, client } = await dialogueClient();
    const speak = async (first: string, second: string) =>
      readAll(
        await client.textToDialogue.convert({
          outputFormat: 'pcm_16000',
          inputs: [
            { text: FIRST, voiceId: first },
            { text: SECOND, voiceId: second },
          ],
        }),
      );
    const mixed = await speak(HOST, GUEST);
    const oneVoice = await speak(HOST, HOST);
    // Same first line, same voice: the audio starts identically; the second line's voice differs.
    const firstLine =
      Math.floor(
        pcmSeconds(await readAll(await client.textToSpeech.convert(HOST, { text: FIRST, outputFormat: 'pcm_16000' }))) *
          16_000,
      ) * 2;
    const samples = (bytes: Buffer) => new Int16Array(bytes.buffer, bytes.byteOffset, Math.floor(bytes.length / 2));
    // The first line (same voice in both) matches; the second (another voice) does not.
    expect(
      correlation(samples(mixed.subarray(0, firstLine)), samples(oneVoice.subarray(0, firstLine))),
    ).toBeGreaterThan(0.95);
    expect(correlation(samples(mixed.subarray(firstLine)), samples(oneVoice.subarray(firstLine)))).toBeLessThan(0.5);
    await app.close();
  });

  it('streams the dialogue as MP3 at the asked rate', async () => {
    const { app, client } = await dialogueClient();
    const stream = await client.textToDialogue.stream({
      outputFormat: 'mp3_22050_32',
      inputs: [
        { text: FIRST, voiceId: HOST },
        { text: SECOND, voiceId: GUEST },
      ],
    });
    const mp3 = await readAll(stream);
    // An MPEG-2 layer III frame header at 22.05 kHz starts the answer.
    expect(mp3.readUInt16BE(0) & 0xfff6).toBe(0xfff2);
    expect(mp3.length).toBeGreaterThan(4_000);
    await app.close();
  });

  it('answers the audio with every character’s time and a voice segment per line', async () => {
    const { app, client } = await dialogueClient();
    const answer = await client.textToDialogue.convertWithTimestamps({
      outputFormat: 'pcm_16000',
      inputs: [
        { text: FIRST, voiceId: HOST },
        { text: SECOND, voiceId: GUEST },
      ],
    });
    const seconds = pcmSeconds(Buffer.from(answer.audioBase64, 'base64'));
    const characters = answer.alignment?.characters ?? [];
    // The inputs' texts, one after the other, character by character.
    expect(characters.join('')).toBe(FIRST + SECOND);
    const [host, guest] = answer.voiceSegments;
    expect(answer.voiceSegments).toHaveLength(2);
    expect(host).toMatchObject({ voiceId: HOST, dialogueInputIndex: 0, characterStartIndex: 0 });
    expect(guest).toMatchObject({
      voiceId: GUEST,
      dialogueInputIndex: 1,
      characterStartIndex: FIRST.length,
      characterEndIndex: FIRST.length + SECOND.length,
    });
    expect(host?.characterEndIndex).toBe(FIRST.length);
    // The guest starts after the host's line and the pause, and ends with the audio.
    expect((guest?.startTimeSeconds ?? 0) - (host?.endTimeSeconds ?? 0)).toBeCloseTo(0.35, 1);
    expect(guest?.endTimeSeconds).toBeCloseTo(seconds, 1);
    const starts = answer.alignment?.characterStartTimesSeconds ?? [];
    expect(starts[FIRST.length] ?? 0).toBeGreaterThanOrEqual(guest?.startTimeSeconds ?? 0);
    for (let i = 1; i < starts.length; i += 1) expect(starts[i]).toBeGreaterThanOrEqual(starts[i - 1] ?? 0);
    await app.close();
  });

  it('refuses empty, overlong and unknown inputs before anything is held', async () => {
    const { app, user, client } = await dialogueClient();
    const before = await creditsOf(app.db, user.userId);

    const none = await refusal(client.textToDialogue.convert({ inputs: [] }));
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.body)).toContain('inputs must hold at least one line');

    const blank = await refusal(client.textToDialogue.convert({ inputs: [{ text: '  ', voiceId: HOST }] }));
    expect(blank.statusCode).toBe(422);
    expect(JSON.stringify(blank.body)).toContain('text must not be empty');

    const many = await refusal(
      client.textToDialogue.convert({ inputs: Array.from({ length: 101 }, () => ({ text: 'Hi.', voiceId: HOST })) }),
    );
    expect(many.statusCode).toBe(422);
    expect(JSON.stringify(many.body)).toContain('inputs may hold at most 100 lines');

    const voices = await refusal(
      client.textToDialogue.convert({
        inputs: Array.from({ length: 11 }, (_, i) => ({ text: 'Hi.', voiceId: `v${i}` })),
      }),
    );
    expect(voices.statusCode).toBe(422);
    expect(JSON.stringify(voices.body)).toContain('at most 10 different voices');

    const long = await refusal(
      client.textToDialogue.convert({
        inputs: [
          { text: 'a'.repeat(26_000), voiceId: HOST },
          { text: 'b'.repeat(26_000), voiceId: GUEST },
        ],
      }),
    );
    expect(long.statusCode).toBe(422);
    expect(JSON.stringify(long.body)).toContain('exceed the maximum length');

    const unknown = await refusal(
      client.textToDialogue.convert({
        inputs: [
          { text: FIRST, voiceId: HOST },
          { text: SECOND, voiceId: 'no-such-voice' },
        ],
      }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toMatchObject({ detail: { status: 'voice_not_found' } });

    const format = await refusal(
      client.textToDialogue.convert({ outputFormat: 'ulaw_8000', inputs: [{ text: FIRST, voiceId: HOST }] }),
    );
    expect(format.statusCode).toBe(400);

    expect(await creditsOf(app.db, user.userId)).toBe(before);
    const tasks = await app.db.selectFrom('speech_tasks').select('id').execute();
    expect(tasks).toEqual([]);
    await app.close();
  });
});
