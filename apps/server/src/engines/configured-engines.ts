import type { Config } from '../config.js';
import { createElevenLabsEngine } from './elevenlabs/elevenlabs-engine.js';
import { createEspeakEngine } from './espeak/espeak-engine.js';
import { createKokoroEngine } from './kokoro/engine.js';
import { createMinimaxEngine } from './minimax/minimax-engine.js';
import type { SpeechEngineV1 } from './speech-engine.js';

/** Every engine this installation can use; the registry decides which serve the two studios. */
export function configuredEngines(config: Config): SpeechEngineV1[] {
  // Kokoro is always listed: /api/admin/health then says whether its model is present, and why not.
  const engines = [createEspeakEngine(), createKokoroEngine({ modelDir: config.speech.kokoroModelDir })];
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
