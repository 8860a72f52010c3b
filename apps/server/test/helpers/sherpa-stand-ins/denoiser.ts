/**
 * Stand-in for sherpa-onnx's GTCRN speech denoiser (`gtcrn_simple.onnx`), loaded by
 * `new OfflineSpeechDenoiser({ model: { gtcrn: { model } } })`.
 *
 * What the runtime (1.13.8) relies on, from `offline-speech-denoiser-gtcrn-{model,impl}` and probing:
 * - Metadata, every key required: a missing one makes SHERPA_ONNX_READ_META_DATA call exit() and takes
 *   the whole process down. `model_type` must be `gtcrn`; `sample_rate`, `n_fft`, `hop_length`,
 *   `window_length`, `window_type` (`hann_sqrt` gets special handling), `version`, and the three cache
 *   shapes `conv_cache_shape`, `tra_cache_shape`, `inter_cache_shape` (comma-separated ints).
 * - sherpa resamples the input to `sample_rate`, takes its STFT, and runs the model once per frame on
 *   (spectrum float [1, n_fft/2 + 1, 1, 2] as real/imaginary pairs, conv cache, tra cache, inter cache),
 *   which returns (enhanced spectrum of the same shape, next conv/tra/inter caches); the caches start as
 *   zeros of the metadata shapes and are bound by position. The inverse STFT of the enhanced frames is
 *   the result, at `sample_rate`.
 *
 * The stand-in scales every spectrum bin by GTCRN_GAIN and passes the caches through, so (the STFT being
 * linear and sqrt-Hann at 50 % overlap reconstructing exactly; measured error ~1e-7, edges included) the
 * "denoised" audio is the input, resampled to 16 kHz, times GTCRN_GAIN, cut to whole STFT frames
 * (gtcrnExpectedLength).
 */
import { writeFile } from 'node:fs/promises';
import { encodeModel, FLOAT, floatScalar, node, tensor } from './onnx-graph.js';

/** The factor the stand-in applies to every sample. */
export const GTCRN_GAIN = 0.5;
/** The real GTCRN model's rate; sherpa resamples input to it and returns audio at it. */
export const GTCRN_SAMPLE_RATE = 16_000;
export const GTCRN_N_FFT = 512;
export const GTCRN_HOP_LENGTH = 256;

/** The real model's cache shapes, so the zero states sherpa allocates look like the real ones. */
const CONV_CACHE_SHAPE = [2, 1, 16, 16, 33];
const TRA_CACHE_SHAPE = [2, 3, 1, 1, 16];
const INTER_CACHE_SHAPE = [2, 1, 33, 16];
const BINS = GTCRN_N_FFT / 2 + 1;

export function standInGtcrnModel(): Uint8Array {
  return encodeModel({
    name: 'gtcrn-stand-in',
    nodes: [
      node('Mul', ['mix', 'gain'], ['enh']),
      node('Identity', ['conv_cache'], ['conv_cache_out']),
      node('Identity', ['tra_cache'], ['tra_cache_out']),
      node('Identity', ['inter_cache'], ['inter_cache_out']),
    ],
    initializers: [floatScalar('gain', GTCRN_GAIN)],
    inputs: [
      tensor('mix', FLOAT, [1, BINS, 1, 2]),
      tensor('conv_cache', FLOAT, CONV_CACHE_SHAPE),
      tensor('tra_cache', FLOAT, TRA_CACHE_SHAPE),
      tensor('inter_cache', FLOAT, INTER_CACHE_SHAPE),
    ],
    outputs: [
      tensor('enh', FLOAT, [1, BINS, 1, 2]),
      tensor('conv_cache_out', FLOAT, CONV_CACHE_SHAPE),
      tensor('tra_cache_out', FLOAT, TRA_CACHE_SHAPE),
      tensor('inter_cache_out', FLOAT, INTER_CACHE_SHAPE),
    ],
    metadata: {
      model_type: 'gtcrn',
      sample_rate: String(GTCRN_SAMPLE_RATE),
      n_fft: String(GTCRN_N_FFT),
      hop_length: String(GTCRN_HOP_LENGTH),
      window_length: String(GTCRN_N_FFT),
      window_type: 'hann_sqrt',
      version: '1',
      conv_cache_shape: CONV_CACHE_SHAPE.join(','),
      tra_cache_shape: TRA_CACHE_SHAPE.join(','),
      inter_cache_shape: INTER_CACHE_SHAPE.join(','),
      comment: 'sayso test stand-in: scales the spectrum by a constant gain',
    },
  });
}

/**
 * Samples sherpa returns for `inputSamples` samples at 16 kHz: whole STFT frames only (a trailing
 * part-frame is dropped), i.e. the last frame's end.
 */
export function gtcrnExpectedLength(inputSamples: number): number {
  const frames = 1 + Math.floor((inputSamples - GTCRN_N_FFT) / GTCRN_HOP_LENGTH);
  return (frames - 1) * GTCRN_HOP_LENGTH + GTCRN_N_FFT;
}

/** Writes the stand-in to `file`; name it like the real one (`…/gtcrn_simple.onnx`) for the family detector. */
export async function writeStandInGtcrnModel(file: string): Promise<void> {
  await writeFile(file, standInGtcrnModel());
}

/** The `model.gtcrn` section of sherpa-onnx-node's OfflineSpeechDenoiserConfig. */
export function gtcrnConfig(file: string) {
  return { model: file };
}
