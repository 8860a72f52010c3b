// The part of sherpa-onnx-node's API the sherpa engine uses (the package ships JSDoc types only).
declare module 'sherpa-onnx-node' {
  export interface GeneratedAudio {
    samples: Float32Array;
    sampleRate: number;
  }
  export interface GenerationConfig {
    sid?: number;
    speed?: number;
    silenceScale?: number;
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
    /** Gets each chunk as it is made; returning 0 or false stops generation. */
    onProgress?: (info: { samples: Float32Array; progress: number }) => number | boolean | undefined;
  }
  /** Paths and settings by family; sherpa-onnx reads the one family whose files are given. */
  export interface OfflineTtsConfig {
    model: {
      numThreads?: number;
      debug?: number;
      [family: string]: Record<string, string | number> | number | undefined;
    };
    maxNumSentences?: number;
  }
  export class OfflineTts {
    constructor(config: OfflineTtsConfig);
    static createAsync(config: OfflineTtsConfig): Promise<OfflineTts>;
    readonly numSpeakers: number;
    readonly sampleRate: number;
    generateAsync(request: TtsRequest): Promise<GeneratedAudio>;
  }
  export class OfflineSpeechDenoiser {
    constructor(config: { model: { gtcrn: { model: string }; numThreads?: number; debug?: number } });
    readonly sampleRate: number;
    run(request: { samples: Float32Array; sampleRate: number }): GeneratedAudio;
  }
  export const version: string;
}
