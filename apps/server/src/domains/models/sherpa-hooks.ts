import { verifyModelLoads } from '../../engines/sherpa/probe.js';
import { SHERPA_ENGINE_ID, type SherpaEngine } from '../../engines/sherpa/sherpa-engine.js';
import type { SpeechEngineV1 } from '../../engines/speech-engine.js';
import type { ModelHooks } from './service.js';

/**
 * The admin page's installs are checked by loading the model in a child process, and reload the
 * sherpa engine at once (its folder watch would also see them, a moment later).
 */
export function sherpaModelHooks(engines: SpeechEngineV1[]): ModelHooks {
  const sherpa = engines.find((engine): engine is SherpaEngine => engine.id === SHERPA_ENGINE_ID && 'reload' in engine);
  return { verify: verifyModelLoads, ...(sherpa ? { onChange: () => sherpa.reload() } : {}) };
}
