import type { Config } from '../config.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { EngineLogger } from './cleanup-warning.js';
import { createEspeakEngine } from './espeak/espeak-engine.js';
import { createMinimaxEngine } from './minimax/minimax-engine.js';
import { createSherpaEngine } from './sherpa/sherpa-engine.js';
import type { SpeechEngineV1 } from './speech-engine.js';

/**
 * Every engine this installation can use; the registry decides which serve the two studios. The
 * ElevenLabs SDK is loaded only when a key is configured: it holds about 100 MiB that a server
 * without the provider never uses (docs/decisions/0048-memory-at-rest.md).
 */
export async function configuredEngines(
  config: Config,
  storage: FileStorage,
  logger?: EngineLogger,
): Promise<SpeechEngineV1[]> {
  // The neural engine is always listed: /api/admin/health then says which models are installed, or why none is.
  const engines = [
    createEspeakEngine(),
    createSherpaEngine({ modelsDir: config.models.dir, references: storage, ...(logger ? { logger } : {}) }),
  ];
  const { minimax } = config.speech;
  if (minimax) {
    engines.push(
      createMinimaxEngine({ apiKey: minimax.apiKey, baseUrl: minimax.baseUrl, defaultModel: minimax.model }),
    );
  }
  const { elevenlabs } = config.speech;
  if (elevenlabs) {
    const { createElevenLabsEngine } = await import('./elevenlabs/elevenlabs-engine.js');
    engines.push(
      createElevenLabsEngine({
        apiKey: elevenlabs.apiKey,
        baseUrl: elevenlabs.baseUrl,
        defaultModel: elevenlabs.model,
        ...(logger ? { logger } : {}),
      }),
    );
  }
  return engines;
}
