import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createEspeakEngine } from '../../src/engines/espeak/espeak-engine.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';

const VOICE = 'espeak-en-us-f2';
/** PCM at 16 kHz, 16-bit mono: two bytes a sample, so a length in bytes is a duration. */
const PCM_BYTES_PER_SECOND = 32_000;

async function sdkClient() {
  const app = await buildTestApp({ engines: [createEspeakEngine()] });
  onTestFinished(() => app.close());
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

async function spokenSeconds(client: ElevenLabsClient, text: string, dictionaryId?: string): Promise<number> {
  const audio = await client.textToSpeech.convert(VOICE, {
    text,
    outputFormat: 'pcm_16000',
    ...(dictionaryId ? { pronunciationDictionaryLocators: [{ pronunciationDictionaryId: dictionaryId }] } : {}),
  });
  return (await readAll(audio)).length / PCM_BYTES_PER_SECOND;
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

const PLS = `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="en-US">
  <lexeme><grapheme>WHO</grapheme><alias>World Health Organization</alias></lexeme>
</lexicon>`;

describe('pronunciation dictionaries through the official ElevenLabs SDK', () => {
  it('a dictionary made from rules changes what is spoken: the alias is longer, and the alignment shows it', async () => {
    const { client } = await sdkClient();
    const added = await client.pronunciationDictionaries.createFromRules({
      name: 'Abbreviations',
      rules: [{ type: 'alias', stringToReplace: 'ASAP', alias: 'as soon as possible, with no delay at all' }],
    });
    expect(added).toMatchObject({ name: 'Abbreviations', versionRulesNum: 1 });
    const text = 'Please reply ASAP.';
    const plain = await spokenSeconds(client, text);
    const withAlias = await spokenSeconds(client, text, added.id);
    expect(withAlias).toBeGreaterThan(plain * 1.5);

    const timed = await client.textToSpeech.convertWithTimestamps(VOICE, {
      text,
      pronunciationDictionaryLocators: [{ pronunciationDictionaryId: added.id, versionId: added.versionId }],
    });
    expect(timed.alignment?.characters.join('')).toBe('Please reply as soon as possible, with no delay at all.');
  }, 60_000);

  it('a dictionary made from a PLS file changes what is spoken, and downloads as PLS again', async () => {
    const { client } = await sdkClient();
    const added = await client.pronunciationDictionaries.createFromFile({
      name: 'Organisations',
      file: new Blob([PLS], { type: 'application/pls+xml' }),
    });
    expect(added.versionRulesNum).toBe(1);
    const text = 'Ask the WHO.';
    expect(await spokenSeconds(client, text, added.id)).toBeGreaterThan((await spokenSeconds(client, text)) * 1.5);
    const downloaded = await readAll(await client.pronunciationDictionaries.download(added.id, added.versionId));
    expect(downloaded.toString('utf8')).toContain('<grapheme>WHO</grapheme>');
    expect(downloaded.toString('utf8')).toContain('<alias>World Health Organization</alias>');
  }, 60_000);

  it('lists, reads, adds and removes rules as new versions, and speaks an older version when asked', async () => {
    const { client } = await sdkClient();
    const first = await client.pronunciationDictionaries.createFromRules({
      name: 'Versions',
      rules: [{ type: 'alias', stringToReplace: 'TTS', alias: 'text to speech' }],
    });
    const second = await client.pronunciationDictionaries.createFromRules({ name: 'Second', rules: [] });
    const page = await client.pronunciationDictionaries.list({ pageSize: 1 });
    expect(page.pronunciationDictionaries.map((d) => d.id)).toEqual([second.id]);
    expect(page.hasMore).toBe(true);
    const rest = await client.pronunciationDictionaries.list({ pageSize: 1, cursor: page.nextCursor ?? '' });
    expect(rest.pronunciationDictionaries.map((d) => d.id)).toEqual([first.id]);
    expect(rest.hasMore).toBe(false);

    const added = await client.pronunciationDictionaries.rules.add(first.id, {
      rules: [
        { type: 'phoneme', stringToReplace: 'tomato', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' },
        { type: 'alias', stringToReplace: 'TTS', alias: 'speech synthesis' },
      ],
    });
    expect(added.versionRulesNum).toBe(2);
    expect(added.versionId).not.toBe(first.versionId);
    const read = await client.pronunciationDictionaries.get(first.id);
    expect(read.latestVersionId).toBe(added.versionId);
    expect(read.rules).toEqual([
      expect.objectContaining({ type: 'alias', stringToReplace: 'TTS', alias: 'speech synthesis' }),
      expect.objectContaining({ type: 'phoneme', stringToReplace: 'tomato', phoneme: 'təˈmɑːtoʊ', alphabet: 'ipa' }),
    ]);
    const removed = await client.pronunciationDictionaries.rules.remove(first.id, { ruleStrings: ['TTS'] });
    expect(removed.versionRulesNum).toBe(1);

    // The first version still says "text to speech"; the latest has no alias for TTS any more.
    const old = await client.textToSpeech.convertWithTimestamps(VOICE, {
      text: 'TTS.',
      pronunciationDictionaryLocators: [{ pronunciationDictionaryId: first.id, versionId: first.versionId }],
    });
    expect(old.alignment?.characters.join('')).toBe('text to speech.');
    const latest = await client.textToSpeech.convertWithTimestamps(VOICE, {
      text: 'TTS.',
      pronunciationDictionaryLocators: [{ pronunciationDictionaryId: first.id }],
    });
    expect(latest.alignment?.characters.join('')).toBe('TTS.');
  }, 60_000);

  it('speaks a phoneme rule on eSpeak as the phonemes, with no warning', async () => {
    const { client, base, user } = await sdkClient();
    const added = await client.pronunciationDictionaries.createFromRules({
      name: 'Phonemes',
      rules: [{ type: 'phoneme', stringToReplace: 'Xylo', phoneme: 'HH AH0 L OW1', alphabet: 'cmu-arpabet' }],
    });
    const speak = (text: string, locators: object[] = []) =>
      fetch(`${base}/elevenlabs/v1/text-to-speech/${VOICE}?output_format=pcm_16000`, {
        method: 'POST',
        headers: { 'xi-api-key': user.secret, 'content-type': 'application/json' },
        body: JSON.stringify({ text, pronunciation_dictionary_locators: locators }),
      });
    const ruled = await speak('Xylo.', [{ pronunciation_dictionary_id: added.id }]);
    expect(JSON.parse(decodeURIComponent(ruled.headers.get('x-sayso-warnings') ?? ''))).toEqual([]);
    const ruledAudio = Buffer.from(await ruled.arrayBuffer());
    const hello = Buffer.from(await (await speak('hello.')).arrayBuffer());
    const unruled = Buffer.from(await (await speak('Xylo.')).arrayBuffer());
    // The rule's phonemes spell "hello": eSpeak says that word's phonemes, for exactly as long (the
    // voice's breathiness is random, so the samples themselves differ from run to run).
    expect(ruledAudio.length).toBe(hello.length);
    expect(unruled.length).not.toBe(hello.length);
  }, 60_000);

  it('refuses bad dictionaries and locators with clear 4xx answers', async () => {
    const { client, app, base } = await sdkClient();
    const mine = await client.pronunciationDictionaries.createFromRules({ name: 'Mine', rules: [] });
    const stranger = await apiUser(app);
    const strangerClient = new ElevenLabsClient({
      apiKey: stranger.secret,
      baseUrl: `${base}/elevenlabs`,
      maxRetries: 0,
    });
    expect((await refusal(strangerClient.pronunciationDictionaries.get(mine.id))).statusCode).toBe(404);
    const borrowed = await refusal(
      strangerClient.textToSpeech.convert(VOICE, {
        text: 'Hello.',
        pronunciationDictionaryLocators: [{ pronunciationDictionaryId: mine.id }],
      }),
    );
    expect(borrowed.statusCode).toBe(404);

    const tooMany = await refusal(
      client.textToSpeech.convert(VOICE, {
        text: 'Hello.',
        pronunciationDictionaryLocators: Array.from({ length: 4 }, () => ({ pronunciationDictionaryId: mine.id })),
      }),
    );
    expect(tooMany.statusCode).toBe(422);
    expect(JSON.stringify(tooMany.body)).toContain('at most 3 pronunciation dictionaries');

    const unknown = await refusal(
      client.textToSpeech.convert(VOICE, {
        text: 'Hello.',
        pronunciationDictionaryLocators: [{ pronunciationDictionaryId: 'nope' }],
      }),
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toEqual({
      detail: { status: 'pronunciation_dictionary_not_found', message: 'Pronunciation dictionary not found.' },
    });

    const badVersion = await refusal(client.pronunciationDictionaries.download(mine.id, 'v-none'));
    expect(badVersion.statusCode).toBe(404);

    const badFile = await refusal(
      client.pronunciationDictionaries.createFromFile({ name: 'Broken', file: new Blob(['<lexicon>']) }),
    );
    expect(badFile.statusCode).toBe(400);
    expect(JSON.stringify(badFile.body)).toContain('The PLS file cannot be read: the file is not well-formed XML');

    const badPhoneme = await refusal(
      client.pronunciationDictionaries.createFromRules({
        name: 'x',
        rules: [{ type: 'phoneme', stringToReplace: 'a', phoneme: 'QQ1', alphabet: 'cmu-arpabet' }],
      }),
    );
    expect(badPhoneme.statusCode).toBe(400);
    expect(JSON.stringify(badPhoneme.body)).toContain('The phonemes for \\"a\\" cannot be read: not CMU Arpabet: QQ1.');
  }, 60_000);
});
