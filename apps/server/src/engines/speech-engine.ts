import type { CloneLanguage } from '@sayso/contract/languages';
import type { Segment } from '../audio/audio.js';
import type { DecodedAudio } from '../audio/mp3-decode.js';

/**
 * Version 1 of the contract every speech engine meets, local or cloud. Callers check
 * `specificationVersion`, so a later contract can live beside this one while engines move over.
 * Engines validate and map their own options, and report settings they could not honour as
 * warnings instead of failing.
 */
export interface SpeechEngineV1 {
  readonly specificationVersion: 'v1';
  /** Stable id stored with each task: 'espeak', 'sherpa', 'minimax', 'elevenlabs'. */
  readonly id: string;
  readonly capabilities: EngineCapabilities;
  /** The model a request gets when it names none (one of `listModels()`). */
  readonly defaultModel: string;
  /** Whether the engine can serve requests now, and if not, why (shown to staff by /api/admin/health). */
  status(): Promise<EngineStatus>;
  listVoices(): Promise<EngineVoice[]>;
  listModels(): Promise<EngineModel[]>;
  /** Speaks at most `capabilities.maxCharsPerRequest` characters; longer text is chunked by the caller. */
  synthesize(request: SynthesisRequest): Promise<SynthesisResult>;
  /**
   * The longest chunk a model takes, when that depends on the model (at most
   * `capabilities.maxCharsPerRequest`); callers chunk by `maxCharsPerRequest` when this is absent.
   */
  maxCharsFor?(modelId: string | null): Promise<number>;
  /**
   * Speaks several short texts (sentences) in one request and answers each one's audio apart, in
   * order. For engines whose every request carries a large fixed cost (eSpeak starts a fresh
   * WebAssembly instance per run); callers fall back to `synthesize` per text when it is absent.
   */
  synthesizeEach?(texts: string[], request: Omit<SynthesisRequest, 'text'>): Promise<SynthesisResult[]>;
  cloneVoice?(request: CloneRequest): Promise<ClonedVoice>;
  deleteVoice?(voiceId: string): Promise<void>;
  /**
   * For engines whose models, voices or capabilities change while the server runs (a model
   * installed or removed): the listener is called after each change, so studios are chosen again.
   */
  onChange?(listener: () => void | Promise<void>): void;
  /** Releases what the engine holds open (a folder watch), when the server stops. */
  close?(): Promise<void>;
}

export interface EngineCapabilities {
  presetVoices: boolean;
  cloning: boolean;
  /** The engine times its own segments; otherwise time is shared out by sentence length. */
  timestamps: boolean;
  maxCharsPerRequest: number;
  /**
   * The most characters `synthesizeEach` takes in one call, all sentences together, when that is
   * more than `maxCharsPerRequest` (one eSpeak run speaks any length; each run has a fixed cost).
   */
  maxCharsPerBatch?: number;
  /**
   * Speaking a voice's sample costs nothing (a local engine), so the product renders one for each
   * voice on first request; other engines' voices have their provider's sample link or none.
   */
  rendersPreviews: boolean;
  /** ISO 639-1 codes of the languages the engine speaks. */
  languages: string[];
  /**
   * The engine honours `SynthesisRequest.seed`, so a new seed gives another take of the same text
   * (the timeline offers "another take" only then). Absent means no.
   */
  seeds?: boolean;
  /**
   * A clone request's noise reduction is carried out (the provider cleans the sample, or a
   * denoiser model is installed), so the clone studio's switch does something. Absent means no.
   */
  noiseReduction?: boolean;
}

export type EngineStatus = { state: 'up' } | { state: 'down'; reason: string };

/**
 * A preset voice as an engine describes it. The API's wire shape (snake case, section 3 of the
 * spec) is declared once, in @sayso/contract/speech, and the speech domain maps this to it.
 */
export interface EngineVoice {
  id: string;
  name: string;
  /** ISO 639-1 code of the voice's language. */
  language: string;
  locale: string;
  gender: string;
  accent: string;
  age: string;
  /** One word for the voice's character ('warm', 'calm'). */
  descriptive: string;
  description: string;
  useCase: string;
  category: 'high_quality' | 'professional';
  /** The provider's own sample of the voice, when it has one. */
  previewUrl: string | null;
  /** Why its speech may not be sold, where its model's licence forbids commercial use. */
  licenseNote?: string | null;
  /** Other languages and accents the voice speaks well. */
  verifiedLanguages: { language: string; accent: string; locale: string | null; previewUrl: string | null }[];
}

export interface EngineModel {
  id: string;
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
  /** A language hint (the clone studio's language_boost), null when the voice decides. */
  language: string | null;
  /** A seed for engines that sample (capabilities.seeds); null or absent lets the engine choose. */
  seed?: number | null;
  signal?: AbortSignal;
  /**
   * Where an engine that runs long jobs at its provider keeps the provider's job id, so a task
   * retried after a crash picks that job up again instead of paying for a second one.
   */
  checkpoint?: { saved: string | null; save(providerRef: string): Promise<void> };
  /**
   * When this is one chunk of a longer text: its neighbours, and the provider's ids for the chunks
   * already spoken (oldest first), so an engine that can keeps the delivery continuous across seams.
   */
  stitching?: { previousText: string | null; nextText: string | null; previousRequestIds: string[] };
}

export type SynthesizedAudio =
  | { format: 'pcm16'; samples: Int16Array; sampleRate: number }
  | { format: 'mp3'; bytes: Buffer; durationMs: number };

export interface SynthesisResult {
  audio: SynthesizedAudio;
  /** Timed pieces of the text from the start of this audio; empty when the engine has no timing. */
  segments: Segment[];
  warnings: string[];
  /** The provider's id for this request, for stitching the next chunk to it. */
  requestId?: string;
}

/**
 * An uploaded voice sample, decoded once by the caller (which also checked its type and length):
 * engines that measure the voice read `samples`, engines that upload the file send `bytes`.
 */
export interface CloneSample extends DecodedAudio {
  bytes: Buffer;
  fileName: string;
}

export interface CloneRequest {
  sample: CloneSample;
  name: string;
  language: CloneLanguage;
  previewText: string;
  noiseReduction: boolean;
  /** What is said in the sample, when the user typed it (ZipVoice clones only from a sample and its transcript). */
  transcript?: string;
}

export interface ClonedVoice {
  voiceId: string;
  name: string;
  /** Fitted by measurement rather than learned from the sample (design.md, approximate clones). */
  approximate: boolean;
  /** A spoken preview of the new voice, when the engine made one. */
  preview: { bytes: Buffer } | { url: string } | null;
  /** The provider must verify the voice before it can speak (ElevenLabs' `requires_verification`). */
  requiresVerification?: boolean;
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
