import type { CloneRequest, EngineErrorCode, SynthesisRequest } from '../engines/speech-engine.js';
import { EngineError } from '../engines/speech-engine.js';

/**
 * What the API thread asks of a render thread, and what comes back. Everything here crosses the
 * thread boundary by structured clone: no functions, no signals, and Buffers arrive as plain
 * Uint8Arrays (the receiving side turns them back).
 */

/** A synthesis request as it can cross threads: the signal and checkpoint stay with the caller. */
export type PortableRequest = Omit<SynthesisRequest, 'signal' | 'checkpoint'>;

export type RenderTask =
  | { type: 'synthesize'; engine: string; request: PortableRequest }
  | { type: 'synthesizeEach'; engine: string; texts: string[]; request: Omit<PortableRequest, 'text'> }
  | { type: 'cloneVoice'; engine: string; request: CloneRequest }
  | { type: 'encodeTake'; samples: Int16Array; sampleRate: number }
  /** Loads the thread's engines and encoder and speaks a word, so the first real render pays no start-up. */
  | { type: 'warm' };

/** A warmed thread's answer: its kernel id (Linux), and whether it runs below the event loop's priority. */
export interface WarmReport {
  threadId: number | null;
  priorityLowered: boolean;
}

export interface RenderCall {
  id: number;
  task: RenderTask;
}

/** An error as it crosses threads: an EngineError keeps its code, so the task shows the same message. */
export interface PortableError {
  message: string;
  code: EngineErrorCode | null;
}

export type RenderReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: PortableError };

export function toPortableError(error: unknown): PortableError {
  if (error instanceof EngineError) return { message: error.message, code: error.code };
  return { message: error instanceof Error ? error.message : String(error), code: null };
}

export function fromPortableError({ message, code }: PortableError): Error {
  return code ? new EngineError(message, code) : new Error(message);
}

/** The request without what cannot cross a thread boundary (and means nothing to a local engine). */
export function portable<Request extends Partial<SynthesisRequest>>(
  request: Request,
): Omit<Request, 'signal' | 'checkpoint'> {
  const { signal: _signal, checkpoint: _checkpoint, ...rest } = request;
  return rest;
}

/**
 * A copy of a view's samples in a buffer of their own, which can be transferred (moved, not
 * copied) to another thread. Cloning the view itself would copy its whole underlying buffer, and
 * transferring that buffer would take it from every other view into it (eSpeak's sentences are
 * views into one run's audio).
 */
export function ownedSamples(samples: Int16Array): Int16Array {
  return samples.slice();
}
