import type { Config } from '../config.js';
import { createElevenLabsEngine } from './elevenlabs/elevenlabs-engine.js';
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
  const { elevenlabs } = config.speech;
  if (elevenlabs) {
    engines.push(
      createElevenLabsEngine({
        apiKey: elevenlabs.apiKey,
        baseUrl: elevenlabs.baseUrl,
        defaultModel: elevenlabs.model,
      }),
    );
  }
  return engines;
}
