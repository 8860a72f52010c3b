import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { linkEspeakNgData } from './espeak-data.js';
import {
  encodeModel,
  FLOAT,
  floatScalar,
  floats,
  INT64,
  int64s,
  intAttribute,
  node,
  tensor,
  toFloat,
  toneInitializers,
  toneNodes,
} from './onnx-graph.js';

/** Samples per phoneme token at speed 1; the tone of speaker 0 and each further speaker's step up. */
export const PIPER_SAMPLES_PER_TOKEN = 256;
export const PIPER_BASE_HZ = 200;
export const PIPER_SPEAKER_STEP = 0.25;
export const PIPER_SAMPLE_RATE = 22_050;

/** The phoneme symbols the stand-in knows: eSpeak's IPA for the languages the tests speak. */
const PHONEMES = ` !"',.:;?abcdefhijklmnopqrstuvwxyzæçðøŋœɐɑɒɔəɚɛɜɡɪɬɲɹɾʁʃʊʌʎʒʔʲˈˌːθβχᵻ̃`;

/**
 * A Piper voice as sherpa-onnx publishes it (`vits-piper-*`): `model.onnx`, `tokens.txt` and the
 * `espeak-ng-data` folder its phonemiser reads. The model has Piper's interface (`input` int64
 * [1, N], `input_lengths` [1], `scales` [3] = noise, length, noise_w, and `sid` [1] when it has
 * several speakers -> `output` [1, 1, M]) and the metadata sherpa-onnx requires (`comment: piper`
 * selects Piper's input layout and eSpeak phonemes). It speaks a tone of N × 256 × length_scale
 * samples at 200 Hz for speaker 0, 25% higher for each further speaker.
 */
export async function writeStandInPiperModel(
  folder: string,
  options: {
    language: string;
    espeakVoice: string;
    speakers: number;
    /**
     * Rounds of a 64×256 by 256×256 matrix product per request (about 8 MFLOP each), so the
     * stand-in costs CPU time like a real network does; 0 for tests that only need its interface.
     */
    computeRounds?: number;
  },
): Promise<void> {
  await mkdir(folder, { recursive: true });
  const multiSpeaker = options.speakers > 1;
  const work = computeNodes(options.computeRounds ?? 0);
  const graph = {
    name: 'piper-stand-in',
    nodes: [
      toFloat('input_lengths', 'length'),
      node('Mul', ['length', 'samples_per_token'], ['samples_at_1x']),
      node('Gather', ['scales', 'length_scale_index'], ['length_scale']),
      node('Mul', ['samples_at_1x', 'length_scale'], ['exact_count']),
      ...work.nodes,
      node('Add', ['exact_count', work.zero], ['sample_count']),
      ...(multiSpeaker
        ? [
            toFloat('sid', 'speaker'),
            node('Mul', ['speaker', 'speaker_step'], ['step_up']),
            node('Add', ['step_up', 'one'], ['pitch']),
          ]
        : [node('Identity', ['one'], ['pitch'])]),
      node('Mul', ['pitch', 'radians_per_sample'], ['radians']),
      ...toneNodes('sample_count', 'radians', 'output'),
    ],
    initializers: [
      floatScalar('samples_per_token', PIPER_SAMPLES_PER_TOKEN),
      int64s('length_scale_index', [1], [1]),
      floatScalar('speaker_step', PIPER_SPEAKER_STEP),
      floatScalar('one', 1),
      floatScalar('radians_per_sample', (2 * Math.PI * PIPER_BASE_HZ) / PIPER_SAMPLE_RATE),
      ...work.initializers,
      ...toneInitializers([1, 1, -1]),
    ],
    inputs: [
      tensor('input', INT64, [1, 'phonemes']),
      tensor('input_lengths', INT64, [1]),
      tensor('scales', FLOAT, [3]),
      ...(multiSpeaker ? [tensor('sid', INT64, [1])] : []),
    ],
    outputs: [tensor('output', FLOAT, [1, 1, 'samples'])],
  };
  const metadata = {
    model_type: 'vits',
    comment: 'piper',
    language: options.language,
    voice: options.espeakVoice,
    sample_rate: String(PIPER_SAMPLE_RATE),
    n_speakers: String(options.speakers),
    add_blank: '1',
  };
  await writeFile(path.join(folder, 'model.onnx'), encodeModel({ ...graph, metadata }));
  const tokens = ['_ 0', '^ 1', '$ 2', ...[...PHONEMES].map((symbol, index) => `${symbol} ${index + 3}`)];
  await writeFile(path.join(folder, 'tokens.txt'), `${tokens.join('\n')}\n`);
  await linkEspeakNgData(path.join(folder, 'espeak-ng-data'));
}

/**
 * A chain of matrix products that starts from the input (so the runtime cannot fold it away) and
 * ends in a zero that is added to the sample count (so it cannot be pruned either).
 */
function computeNodes(rounds: number) {
  if (rounds === 0)
    return {
      nodes: [node('Identity', ['no_work'], ['work_zero'])],
      initializers: [floatScalar('no_work', 0)],
      zero: 'work_zero',
    };
  const nodes = [toFloat('input_lengths', 'work_length'), node('Mul', ['work_ones', 'work_length'], ['work_0'])];
  for (let round = 0; round < rounds; round += 1) {
    nodes.push(node('MatMul', [`work_${round}`, 'work_weights'], [`work_product_${round}`]));
    nodes.push(node('Tanh', [`work_product_${round}`], [`work_${round + 1}`]));
  }
  nodes.push(node('ReduceSum', [`work_${rounds}`], ['work_sum'], [intAttribute('keepdims', 0)]));
  nodes.push(node('Mul', ['work_sum', 'work_nothing'], ['work_zero']));
  const weights = Array.from({ length: 256 * 256 }, (_, index) => ((index * 7919) % 1000) / 256_000 - 0.002);
  return {
    nodes,
    initializers: [
      floats('work_ones', new Array(64 * 256).fill(0.01), [64, 256]),
      floats('work_weights', weights, [256, 256]),
      floatScalar('work_nothing', 0),
    ],
    zero: 'work_zero',
  };
}
