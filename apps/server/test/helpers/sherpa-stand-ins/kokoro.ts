import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { linkEspeakNgData } from './espeak-data.js';
import {
  encodeModel,
  FLOAT,
  floatScalar,
  INT64,
  int64s,
  intAttribute,
  node,
  tensor,
  toFloat,
  toneInitializers,
  toneNodes,
} from './onnx-graph.js';

export const KOKORO_SAMPLE_RATE = 24_000;
export const KOKORO_SAMPLES_PER_TOKEN = 600;
/** Each speaker's style vector holds its tone's frequency: 120 Hz for the first, +25 Hz per speaker (within the pitch tracker's range). */
export const kokoroSpeakerHz = (speaker: number) => 120 + 25 * speaker;
const MAX_TOKENS = 510;
const STYLE_SIZE = 256;

/** Speaker names in sherpa-onnx's order for Kokoro v1.0 begin like this (first letter: language). */
export const STAND_IN_KOKORO_SPEAKERS = [
  'af_heart',
  'am_michael',
  'bf_emma',
  'ef_dora',
  'ff_siwis',
  'zf_xiaobei',
  'bm_george',
  'am_adam',
];

const PHONEMES = ` !"',.:;?abcdefhijklmnopqrstuvwxyzæçðøŋœɐɑɒɔəɚɛɜɡɪɬɲɹɾʁʃʊʌʎʒʔʲˈˌːθβχᵻ̃`;

/**
 * Kokoro v1.0 as sherpa-onnx publishes it (`kokoro-multi-lang-v1_0`): `model.onnx`, `voices.bin`
 * (one style matrix of 510 × 256 floats per speaker), `tokens.txt`, `lexicon-us-en.txt` and
 * `espeak-ng-data`. The model has Kokoro's interface (`tokens` int64 [1, N], `style` [1, 256],
 * `speed` [1] -> `audio` [M]) and metadata (version 2 selects the multi-language front end); it
 * speaks N × 600 / speed samples of a tone whose frequency is the style vector's first value, so
 * each speaker sounds at its own pitch.
 */
export async function writeStandInKokoroModel(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true });
  const graph = {
    name: 'kokoro-stand-in',
    nodes: [
      node('Shape', ['tokens'], ['tokens_shape']),
      node('Gather', ['tokens_shape', 'one_index'], ['token_count']),
      toFloat('token_count', 'token_count_f'),
      node('Mul', ['token_count_f', 'samples_per_token'], ['samples_at_1x']),
      node('Div', ['samples_at_1x', 'speed'], ['sample_count']),
      node('Gather', ['style', 'zero_index'], ['style_row']),
      node('Gather', ['style_row', 'zero_index'], ['frequency'], [intAttribute('axis', 1)]),
      node('Mul', ['frequency', 'radians_per_hz'], ['radians']),
      ...toneNodes('sample_count', 'radians', 'audio'),
    ],
    initializers: [
      int64s('one_index', [1], [1]),
      int64s('zero_index', [0], [1]),
      floatScalar('samples_per_token', KOKORO_SAMPLES_PER_TOKEN),
      floatScalar('radians_per_hz', (2 * Math.PI) / KOKORO_SAMPLE_RATE),
      ...toneInitializers([-1]),
    ],
    inputs: [
      tensor('tokens', INT64, [1, 'tokens']),
      tensor('style', FLOAT, [1, STYLE_SIZE]),
      tensor('speed', FLOAT, [1]),
    ],
    outputs: [tensor('audio', FLOAT, ['samples'])],
  };
  const speakers = STAND_IN_KOKORO_SPEAKERS;
  const metadata = {
    model_type: 'kokoro',
    version: '2',
    sample_rate: String(KOKORO_SAMPLE_RATE),
    n_speakers: String(speakers.length),
    has_espeak: '1',
    voice: 'en-us',
    style_dim: `${MAX_TOKENS},1,${STYLE_SIZE}`,
    speaker_names: speakers.join(','),
  };
  await writeFile(path.join(folder, 'model.onnx'), encodeModel({ ...graph, metadata }));
  const styles = new Float32Array(speakers.length * MAX_TOKENS * STYLE_SIZE);
  for (const [speaker] of speakers.entries()) {
    styles.fill(kokoroSpeakerHz(speaker), speaker * MAX_TOKENS * STYLE_SIZE, (speaker + 1) * MAX_TOKENS * STYLE_SIZE);
  }
  await writeFile(path.join(folder, 'voices.bin'), Buffer.from(styles.buffer));
  const tokens = ['$ 0', ...[...PHONEMES].map((symbol, index) => `${symbol} ${index + 1}`)];
  await writeFile(path.join(folder, 'tokens.txt'), `${tokens.join('\n')}\n`);
  await writeFile(path.join(folder, 'lexicon-us-en.txt'), 'hello h ə l ˈ o ʊ\nworld w ˈ ɜ ɹ l d\n');
  await linkEspeakNgData(path.join(folder, 'espeak-ng-data'));
}
