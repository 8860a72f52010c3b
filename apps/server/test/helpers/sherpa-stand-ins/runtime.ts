/**
 * The slice of sherpa-onnx-node the stand-in tests drive, typed here because the package ships
 * JavaScript only (its JSDoc in types.js is the source of these shapes). Loaded with require because
 * the package is a CommonJS native addon.
 */
import { createRequire } from 'node:module';

export interface GeneratedAudio {
  samples: Float32Array;
  sampleRate: number;
}

/** sherpa's GenerationConfig: the per-request knobs of the cloning families. */
export interface GenerationConfig {
  silenceScale?: number;
  speed?: number;
  sid?: number;
  numSteps?: number;
  referenceAudio?: Float32Array;
  referenceSampleRate?: number;
  referenceText?: string;
  extra?: Record<string, number | string>;
}

export interface TtsRequest {
  text: string;
  sid: number;
  speed: number;
  generationConfig?: GenerationConfig;
  /** Gets each streamed chunk; returning 0 or false stops generation. */
  onProgress?: (info: { samples: Float32Array; progress: number }) => number | boolean | undefined;
}

export interface OfflineTts {
  readonly sampleRate: number;
  readonly numSpeakers: number;
  generateAsync(request: TtsRequest): Promise<GeneratedAudio>;
}

export interface OfflineSpeechDenoiser {
  readonly sampleRate: number;
  run(request: { samples: Float32Array; sampleRate: number }): GeneratedAudio;
}

export interface SherpaRuntime {
  OfflineTts: new (config: {
    model: Record<string, unknown> & { numThreads?: number; debug?: number };
    maxNumSentences?: number;
  }) => OfflineTts;
  OfflineSpeechDenoiser: new (config: {
    model: Record<string, unknown> & { numThreads?: number; debug?: number };
  }) => OfflineSpeechDenoiser;
}

export function loadSherpa(): SherpaRuntime {
  return createRequire(import.meta.url)('sherpa-onnx-node') as SherpaRuntime;
}
