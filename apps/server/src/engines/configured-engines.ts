import type { Config } from '../config.js';
import { createEspeakEngine } from './espeak/espeak-engine.js';
import type { SpeechEngineV1 } from './speech-engine.js';

/** Every engine this installation can use; the registry decides which serve the two providers. */
export function configuredEngines(_config: Config): SpeechEngineV1[] {
  return [createEspeakEngine()];
}
