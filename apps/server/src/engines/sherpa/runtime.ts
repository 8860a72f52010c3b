import { createRequire } from 'node:module';

/**
 * sherpa-onnx-node: CommonJS with a native addon, so it is required rather than imported, and only
 * when first used, so a server without models never maps the runtime.
 */
export const loadSherpa = () => createRequire(import.meta.url)('sherpa-onnx-node') as typeof import('sherpa-onnx-node');
