import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import onnxProto, { type onnx as Onnx } from 'onnx-proto';

// onnx-proto is CommonJS: its namespace arrives on the default export.
const { onnx } = onnxProto;

/** Samples of stand-in audio per input token at speed 1, and the pitch of its tone. */
export const STAND_IN_SAMPLES_PER_TOKEN = 1_200;
export const STAND_IN_TONE_HZ = 200;
const SAMPLE_RATE = 24_000;

const float = (name: string, values: number[], dims: number[] = []) =>
  onnx.TensorProto.create({ name, dataType: onnx.TensorProto.DataType.FLOAT, dims, floatData: values });
const int64 = (name: string, values: number[], dims: number[] = []) =>
  onnx.TensorProto.create({ name, dataType: onnx.TensorProto.DataType.INT64, dims, int64Data: values });
const node = (opType: string, input: string[], output: string[], attribute: Onnx.IAttributeProto[] = []) =>
  onnx.NodeProto.create({ opType, input, output, attribute, name: output[0] });
const tensorInput = (name: string, elemType: number, dims: (number | string)[]) =>
  onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })) },
      },
    },
  });

/**
 * A tiny ONNX model with Kokoro-82M's interface (`input_ids` int64 [1, N], `style` float32 [1, 256],
 * `speed` float32 [1] -> `waveform` float32 [M]): a 200 Hz tone lasting N × 1,200 / speed samples.
 * It stands in for the real 92 MB model, which cannot be downloaded here, so the engine's loading
 * and inference plumbing runs for real.
 */
export function standInKokoroModel(): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: 'kokoro-stand-in',
    node: [
      node('Shape', ['input_ids'], ['ids_shape']),
      node(
        'Gather',
        ['ids_shape', 'one'],
        ['token_count'],
        [{ name: 'axis', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      ),
      node(
        'Cast',
        ['token_count'],
        ['token_count_f'],
        [{ name: 'to', type: onnx.AttributeProto.AttributeType.INT, i: onnx.TensorProto.DataType.FLOAT }],
      ),
      node('Mul', ['token_count_f', 'samples_per_token'], ['samples_at_1x']),
      node('Div', ['samples_at_1x', 'speed'], ['samples_vector']),
      node(
        'ReduceSum',
        ['samples_vector'],
        ['sample_count'],
        [{ name: 'keepdims', type: onnx.AttributeProto.AttributeType.INT, i: 0 }],
      ),
      node('Range', ['zero', 'sample_count', 'step'], ['positions']),
      node('Mul', ['positions', 'radians_per_sample'], ['phase']),
      node('Sin', ['phase'], ['tone']),
      node('Mul', ['tone', 'amplitude'], ['waveform']),
    ],
    initializer: [
      int64('one', [1]),
      float('samples_per_token', [STAND_IN_SAMPLES_PER_TOKEN]),
      float('zero', [0]),
      float('step', [1]),
      float('radians_per_sample', [(2 * Math.PI * STAND_IN_TONE_HZ) / SAMPLE_RATE]),
      float('amplitude', [0.3]),
    ],
    input: [
      tensorInput('input_ids', onnx.TensorProto.DataType.INT64, [1, 'sequence_length']),
      tensorInput('style', onnx.TensorProto.DataType.FLOAT, [1, 256]),
      tensorInput('speed', onnx.TensorProto.DataType.FLOAT, [1]),
    ],
    output: [tensorInput('waveform', onnx.TensorProto.DataType.FLOAT, ['num_samples'])],
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'sayso-tests',
    graph,
  });
  return onnx.ModelProto.encode(model).finish();
}

/** Phoneme characters the stand-in tokenizer knows; anything else becomes the unknown token. */
const PHONEMES = ` !"$',.:;?abcdefhijklmnopqrstuvwxyzæðŋɐɑɒɔəɚɛɜɡɪɬɹɾʃʊʌʒʔˈˌːθᵻ`;

/** Writes a model folder as `npm run models:kokoro` would: config, tokenizer and the ONNX file. */
export async function writeStandInKokoroFolder(folder: string): Promise<void> {
  await mkdir(path.join(folder, 'onnx'), { recursive: true });
  const vocab: Record<string, number> = { $: 0 };
  for (const [index, symbol] of [...PHONEMES].entries()) vocab[symbol] ??= index + 1;
  await writeFile(path.join(folder, 'config.json'), JSON.stringify({ model_type: 'style_text_to_speech_2' }));
  await writeFile(
    path.join(folder, 'tokenizer_config.json'),
    JSON.stringify({ model_max_length: 512, pad_token: '$', unk_token: '$', tokenizer_class: 'PreTrainedTokenizer' }),
  );
  await writeFile(
    path.join(folder, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: [],
      normalizer: null,
      pre_tokenizer: { type: 'Split', pattern: { Regex: '' }, behavior: 'Isolated', invert: false },
      post_processor: {
        type: 'TemplateProcessing',
        single: [
          { SpecialToken: { id: '$', type_id: 0 } },
          { Sequence: { id: 'A', type_id: 0 } },
          { SpecialToken: { id: '$', type_id: 0 } },
        ],
        pair: [],
        special_tokens: { $: { id: '$', ids: [0], tokens: ['$'] } },
      },
      decoder: null,
      model: { type: 'WordLevel', vocab, unk_token: '$' },
    }),
  );
  await writeFile(path.join(folder, 'onnx', 'model.onnx'), standInKokoroModel());
}
