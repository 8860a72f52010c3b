import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { ttsConfigFor } from '../../src/engines/sherpa/model-files.js';
import { loadSherpa } from '../../src/engines/sherpa/runtime.js';
import { apiUser, listening } from '../helpers/api-keys.js';
import { buildTestApp } from '../helpers/build-app.js';
import { installStandIn } from '../helpers/sherpa-stand-ins/install.js';
import { PIPER_SAMPLES_PER_TOKEN, writeStandInPiperModel } from '../helpers/sherpa-stand-ins/piper.js';

/**
 * The eSpeak-based sherpa families phonemise text with espeak_TextToPhonemes, which never turns
 * eSpeak's phoneme input on (decision 0050): these tests pin that down on the Piper stand-in (its
 * audio is 256 samples per phoneme token, so lengths count the phonemes that reached the model),
 * and show the fallback the product gives instead.
 */
let root: string;
const modelsDir = () => path.join(root, 'models');
const MODEL = 'vits-piper-en_US-amy-low';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'sayso-pronunciation-sherpa-'));
  await installStandIn(modelsDir(), MODEL, 'vits', (folder) =>
    writeStandInPiperModel(folder, { language: 'English', espeakVoice: 'en-us', speakers: 1 }),
  );
}, 60_000);
afterAll(() => rm(root, { recursive: true, force: true }));

describe('phoneme rules on the eSpeak-based sherpa families', () => {
  it('cannot pass eSpeak phoneme input: sherpa-onnx phonemises the brackets and letters as text', async () => {
    const sherpa = loadSherpa();
    const tts = await sherpa.OfflineTts.createAsync(await ttsConfigFor(path.join(modelsDir(), MODEL), 'vits'));
    const tokens = async (text: string) =>
      (await tts.generateAsync({ text, sid: 0, speed: 1 })).samples.length / PIPER_SAMPLES_PER_TOKEN;
    const word = await tokens('hello');
    const phonemeInput = await tokens("[[h@l'oU]]");
    // eSpeak's own command line says both the same; through sherpa-onnx the second is far longer.
    expect(phonemeInput).toBeGreaterThan(word * 2);
  }, 60_000);

  it('speaks the rule’s alias instead, and says so in a warning', async () => {
    const app = await buildTestApp({ env: { MODELS_DIR: modelsDir() } });
    onTestFinished(() => app.close());
    const base = await listening(app);
    const user = await apiUser(app);
    const headers = { 'xi-api-key': user.secret, 'content-type': 'application/json' };
    const voices = (await (await fetch(`${base}/elevenlabs/v1/voices`, { headers })).json()) as {
      voices: { voice_id: string }[];
    };
    const voice = voices.voices.find((candidate) => candidate.voice_id.startsWith(MODEL))?.voice_id;
    if (!voice) throw new Error('the stand-in voice is not offered');
    const created = await fetch(`${base}/elevenlabs/v1/pronunciation-dictionaries/add-from-rules`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        name: 'Fallbacks',
        rules: [
          {
            type: 'phoneme',
            string_to_replace: 'Xylo',
            phoneme: 'HH AH0 L OW1',
            alphabet: 'cmu-arpabet',
            alias: 'hello',
          },
        ],
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const speak = (text: string, locators: object[] = []) =>
      fetch(`${base}/elevenlabs/v1/text-to-speech/${voice}/with-timestamps?output_format=pcm_22050`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ text, pronunciation_dictionary_locators: locators }),
      });
    const ruled = await speak('Xylo', [{ pronunciation_dictionary_id: id }]);
    expect(JSON.parse(decodeURIComponent(ruled.headers.get('x-sayso-warnings') ?? ''))).toEqual([
      '"Xylo": the sherpa engine does not take phonemes; its alias "hello" was spoken instead',
    ]);
    const ruledAnswer = (await ruled.json()) as { audio_base64: string; alignment: { characters: string[] } };
    expect(ruledAnswer.alignment.characters.join('')).toBe('hello');
    const hello = (await (await speak('hello')).json()) as { audio_base64: string };
    // The model was given the alias: as many phoneme tokens as "hello" itself.
    expect(Buffer.from(ruledAnswer.audio_base64, 'base64').length).toBe(
      Buffer.from(hello.audio_base64, 'base64').length,
    );
  }, 60_000);
});
