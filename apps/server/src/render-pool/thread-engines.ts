import { createEspeakEngine } from '../engines/espeak/espeak-engine.js';
import type { SpeechEngineV1 } from '../engines/speech-engine.js';

/**
 * Engines that run inside render threads, by id: those whose work is computation in JavaScript or
 * WebAssembly on the calling thread (eSpeak). Native runtimes with threads of their own (sherpa-onnx)
 * and cloud engines (waiting on the network) stay on the API thread.
 */
export const THREAD_ENGINES: Record<string, () => SpeechEngineV1> = {
  espeak: createEspeakEngine,
};

export const runsInRenderThreads = (engineId: string) => Object.hasOwn(THREAD_ENGINES, engineId);
