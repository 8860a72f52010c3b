import { readdir } from 'node:fs/promises';
import type { ModelFamily } from './manifest.js';

/**
 * Tells a model's family from the files sherpa-onnx's published archives hold, for archives that
 * are not in the catalogue (an operator's own, or the stand-ins the tests write). Null when the
 * folder matches no family the product runs.
 */
export async function detectFamily(folder: string, archiveName = ''): Promise<ModelFamily | null> {
  const files = await readdir(folder);
  const has = (pattern: RegExp) => files.some((file) => pattern.test(file));
  const onnx = files.filter((file) => file.endsWith('.onnx'));
  if (has(/^lm_main.*\.onnx$/) && has(/^lm_flow.*\.onnx$/)) return 'pocket';
  if (has(/^encoder.*\.onnx$/) && has(/^decoder.*\.onnx$/) && has(/^(vocos|vocoder).*\.onnx$/)) return 'zipvoice';
  if (has(/^model-steps-.*\.onnx$/) || has(/^acoustic.*\.onnx$/)) return 'matcha';
  if (has(/^voices\.bin$/) && onnx.length > 0) return /kitten/i.test(archiveName) ? 'kitten' : 'kokoro';
  if (onnx.length === 1 && /gtcrn/i.test(onnx[0] ?? '')) return 'gtcrn';
  if (onnx.length >= 1 && has(/^tokens\.txt$/)) return 'vits';
  return null;
}
