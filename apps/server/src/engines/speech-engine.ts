import type { Segment } from '../audio/audio.js';

/**
 * Version 1 of the contract every speech engine meets, local or cloud. Callers check
 * `specificationVersion`, so a later contract can live beside this one while engines move over.
 * Engines validate and map their own options, and report settings they could not honour as
 * warnings instead of failing.
 */
export interface SpeechEngineV1 {
  readonly specificationVersion: 'v1';
  /** Stable id stored with each task: 'espeak', 'kokoro', 'minimax', 'elevenlabs'. */
  readonly id: string;
  readonly capabilities: EngineCapabilities;
  /** Whether the engine can serve requests now, and if not, why (shown by /api/health). */
  status(): Promise<EngineStatus>;
  listVoices(): Promise<EngineVoice[]>;
  listModels(): Promise<EngineModel[]>;
  /** Speaks at most `capabilities.maxCharsPerRequest` characters; longer text is chunked by the caller. */
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  cloneVoice?(request: CloneRequest): Promise<ClonedVoice>;
  deleteVoice?(voiceId: string): Promise<void>;
}

export interface EngineCapabilities {
  presetVoices: boolean;
  cloning: boolean;
  /** The engine times its own segments; otherwise time is shared out by sentence length. */
  timestamps: boolean;
  maxCharsPerRequest: number;
  /** ISO 639-1 codes of the languages the engine speaks. */
  languages: string[];
}

export type EngineStatus = { state: 'up' } | { state: 'down'; reason: string };

/** A voice in the spec's shape (section 3), the same for both providers. */
export interface EngineVoice {
  voice_id: string;
  name: string;
  accent: string;
  gender: string;
  age: string;
  descriptive: string;
  use_case: string;
  category: 'high_quality' | 'professional';
  language: string;
  locale: string;
  description: string;
  preview_url: string | null;
  verified_languages: { language: string; accent: string; locale: string | null; preview_url: string | null }[];
}

export interface EngineModel {
  model_id: string;
  name: string;
}

export interface SynthesisRequest {
  text: string;
  voiceId: string;
  /** The requested model; an engine that has no such model says so in a warning and uses its own. */
  modelId: string | null;
  /** 0.5-2, 1 is the voice's natural rate. */
  speed: number;
  /** -10..10 steps of the spec's slider, 0 is the voice's natural pitch. */
  pitch: number;
  /** 0-2, 1 is unchanged loudness. */
  volume: number;
  /** A language hint (provider A's language_boost), null when the voice decides. */
  language: string | null;
  signal?: AbortSignal;
  /**
   * Where an engine that runs long jobs at its provider keeps the provider's job id, so a task
   * retried after a crash picks that job up again instead of paying for a second one.
   */
  checkpoint?: { saved: string | null; save(providerRef: string): Promise<void> };
}

export type SynthesizedAudio =
  | { format: 'pcm16'; samples: Int16Array; sampleRate: number }
  | { format: 'mp3'; bytes: Buffer; durationMs: number };

export interface SynthesisResult {
  audio: SynthesizedAudio;
  /** Timed pieces of the text from the start of this audio; empty when the engine has no timing. */
  segments: Segment[];
  warnings: string[];
}

export interface CloneRequest {
  sample: Buffer;
  sampleFileName: string;
  name: string;
  language: string;
  previewText: string;
  noiseReduction: boolean;
}

export interface ClonedVoice {
  voiceId: string;
  name: string;
  /** Fitted by measurement rather than learned from the sample (design.md, approximate clones). */
  approximate: boolean;
  /** A spoken preview of the new voice, when the engine made one. */
  preview: { bytes: Buffer } | { url: string } | null;
}

/** An engine failure the task shows to its user; the message is one of the spec's section 8 texts. */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly code: EngineErrorCode,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EngineError';
  }
}

export type EngineErrorCode =
  | 'rate_limited'
  | 'invalid_voice'
  | 'text_too_long'
  | 'timeout'
  | 'invalid_input'
  | 'provider_balance'
  | 'unavailable'
  | 'failed';
