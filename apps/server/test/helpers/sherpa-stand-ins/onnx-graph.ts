import onnxProto, { type onnx as Onnx } from 'onnx-proto';

// onnx-proto is CommonJS: its namespace arrives on the default export.
const { onnx } = onnxProto;

export const FLOAT = onnx.TensorProto.DataType.FLOAT;
export const INT64 = onnx.TensorProto.DataType.INT64;

export const floats = (name: string, values: number[], dims: number[] = []) =>
  onnx.TensorProto.create({ name, dataType: FLOAT, dims, floatData: values });
export const int64s = (name: string, values: number[], dims: number[] = []) =>
  onnx.TensorProto.create({ name, dataType: INT64, dims, int64Data: values });

export const op = (opType: string, input: string[], output: string[], attribute: Onnx.IAttributeProto[] = []) =>
  onnx.NodeProto.create({ opType, input, output, attribute, name: output[0] });
export const intAttribute = (name: string, value: number): Onnx.IAttributeProto => ({
  name,
  type: onnx.AttributeProto.AttributeType.INT,
  i: value,
});
export const toFloat = (input: string, output: string) => op('Cast', [input], [output], [intAttribute('to', FLOAT)]);

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

/**
 * Nodes that turn a sample count and a frequency (both float scalars or [1] tensors) into
 * `output`: a sine tone of that many samples, scaled by 0.3, reshaped to `outputShape`.
 */
export function toneNodes(count: string, radiansPerSample: string, output: string): Onnx.INodeProto[] {
  return [
    op('ReduceSum', [count], [`${output}_count`], [intAttribute('keepdims', 0)]),
    op('Range', ['tone_zero', `${output}_count`, 'tone_step'], [`${output}_positions`]),
    op('Mul', [`${output}_positions`, radiansPerSample], [`${output}_phase`]),
    op('Sin', [`${output}_phase`], [`${output}_sine`]),
    op('Mul', [`${output}_sine`, 'tone_amplitude'], [`${output}_flat`]),
    op('Reshape', [`${output}_flat`, 'tone_shape'], [output]),
  ];
}

/** The constants `toneNodes` uses; `shape` is the output's shape with -1 for the sample axis. */
export const toneInitializers = (shape: number[]) => [
  floats('tone_zero', [0]),
  floats('tone_step', [1]),
  floats('tone_amplitude', [0.3]),
  int64s('tone_shape', shape, [shape.length]),
];

/** A model file with the given graph pieces and sherpa-onnx's metadata. */
export function onnxModel(graph: Onnx.IGraphProto, metadata: Record<string, string>): Uint8Array {
  const model = onnx.ModelProto.create({
    irVersion: 8,
    opsetImport: [{ domain: '', version: 13 }],
    producerName: 'sayso-tests',
    graph: onnx.GraphProto.create(graph),
    metadataProps: Object.entries(metadata).map(([key, value]) => ({ key, value })),
  });
  return onnx.ModelProto.encode(model).finish();
}
