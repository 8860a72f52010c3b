import type { Config } from '../config.js';
import { createEspeakEngine } from './espeak/espeak-engine.js';
import { createMinimaxEngine } from './minimax/minimax-engine.js';
import type { SpeechEngineV1 } from './speech-engine.js';

/** Every engine this installation can use; the registry decides which serve the two providers. */
export function configuredEngines(config: Config): SpeechEngineV1[] {
  const engines = [createEspeakEngine()];
  const { minimax } = config.speech;
  if (minimax) {
    engines.push(
      createMinimaxEngine({ apiKey: minimax.apiKey, baseUrl: minimax.baseUrl, defaultModel: minimax.model }),
    );
  }
  return engines;
}
