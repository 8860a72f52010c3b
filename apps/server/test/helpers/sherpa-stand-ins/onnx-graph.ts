/**
 * Small builders for the hand-written ONNX graphs of the sherpa-onnx stand-in models.
 *
 * The stand-ins replace real model weights (which cannot be downloaded on the test machines) with
 * graphs of a few standard operators that honour the real models' input/output names, shapes and
 * metadata, so sherpa-onnx's native runtime loads and runs them exactly as it would the real ones.
 */
import onnxProto, { type onnx as Onnx } from 'onnx-proto';

// onnx-proto is CommonJS: its namespace arrives on the default export.
export const { onnx } = onnxProto;

export const FLOAT = onnx.TensorProto.DataType.FLOAT;
export const INT64 = onnx.TensorProto.DataType.INT64;

const INT_ATTRIBUTE = onnx.AttributeProto.AttributeType.INT;
const INTS_ATTRIBUTE = onnx.AttributeProto.AttributeType.INTS;

export const floats = (name: string, values: number[], dims: number[] = [values.length]) =>
  onnx.TensorProto.create({ name, dataType: FLOAT, dims, floatData: values });
export const int64s = (name: string, values: number[], dims: number[] = [values.length]) =>
  onnx.TensorProto.create({ name, dataType: INT64, dims, int64Data: values });
export const floatScalar = (name: string, value: number) => floats(name, [value], []);

export const intAttribute = (name: string, i: number): Onnx.IAttributeProto => ({ name, type: INT_ATTRIBUTE, i });
export const intsAttribute = (name: string, ints: number[]): Onnx.IAttributeProto => ({
  name,
  type: INTS_ATTRIBUTE,
  ints,
});

/** One operator; its name is its first output, which is unique in these graphs. */
export const node = (opType: string, input: string[], output: string[], attribute: Onnx.IAttributeProto[] = []) =>
  onnx.NodeProto.create({ opType, input, output, attribute, name: output[0] });

/** A graph input or output; a string dimension is symbolic (any size). */
export const tensor = (name: string, elemType: number, dims: (number | string)[]) =>
  onnx.ValueInfoProto.create({
    name,
    type: {
      tensorType: {
        elemType,
        shape: { dim: dims.map((dim) => (typeof dim === 'number' ? { dimValue: dim } : { dimParam: dim })) },
      },
    },
  });

export interface GraphParts {
  name: string;
  nodes: Onnx.INodeProto[];
  initializers: Onnx.ITensorProto[];
  inputs: Onnx.IValueInfoProto[];
  outputs: Onnx.IValueInfoProto[];
  /** Model metadata as sherpa-onnx reads it with SHERPA_ONNX_READ_META_DATA. */
  metadata?: Record<string, string>;
}

/** Serialises a graph as an opset-13 model, the level onnxruntime 1.x in sherpa-onnx-node runs. */
export function encodeModel(parts: GraphParts): Uint8Array {
  const graph = onnx.GraphProto.create({
    name: parts.name,
    node: parts.nodes,
    initializer: parts.initializers,
    input: parts.inputs,
    output: parts.outputs,
  });
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'sayso-tests',
    graph,
    metadataProps: Object.entries(parts.metadata ?? {}).map(([key, value]) => ({ key, value })),
  });
  return onnx.ModelProto.encode(model).finish();
}

export const toFloat = (input: string, output: string) => node('Cast', [input], [output], [intAttribute('to', FLOAT)]);

/**
 * Nodes that turn a sample count and radians per sample (float tensors of one value) into
 * `output`: a sine tone of that many samples at amplitude 0.3, reshaped as `toneInitializers` says.
 */
export function toneNodes(count: string, radiansPerSample: string, output: string): Onnx.INodeProto[] {
  return [
    node('ReduceSum', [count], [`${output}_count`], [intAttribute('keepdims', 0)]),
    node('Range', ['tone_zero', `${output}_count`, 'tone_step'], [`${output}_positions`]),
    node('Mul', [`${output}_positions`, radiansPerSample], [`${output}_phase`]),
    node('Sin', [`${output}_phase`], [`${output}_sine`]),
    node('Mul', [`${output}_sine`, 'tone_amplitude'], [`${output}_flat`]),
    node('Reshape', [`${output}_flat`, 'tone_shape'], [output]),
  ];
}

/** The constants `toneNodes` uses; `shape` is the output's shape with -1 for the sample axis. */
export const toneInitializers = (shape: number[]) => [
  floatScalar('tone_zero', 0),
  floatScalar('tone_step', 1),
  floatScalar('tone_amplitude', 0.3),
  int64s('tone_shape', shape),
];
