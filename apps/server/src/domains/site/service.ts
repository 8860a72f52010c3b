import type { PublicConfig } from '@sayso/contract/site';
import type { Config } from '../../config.js';
import type { EngineRegistry } from '../../engines/registry.js';

/** eSpeak NG: a formant synthesizer, clear but audibly synthetic, so never sold as "human". */
const EMBEDDED_ENGINE = 'espeak';
const CLOUD_PROVIDERS = ['minimax', 'elevenlabs'] as const;

/**
 * The public settings with what this server speaks with right now. The engines are read on each
 * request rather than at start, because installing a model on the Models page changes them.
 */
export function publicSettings(settings: Config['public'], engines: EngineRegistry): PublicConfig {
  const preset = engines.forStudio('preset').id;
  const cloneEngine = engines.forStudio('clone');
  const clone = cloneEngine.id;
  return {
    ...settings,
    naturalVoices: preset !== EMBEDDED_ENGINE,
    neuralCloning: clone !== EMBEDDED_ENGINE,
    cloneNoiseReduction: cloneEngine.capabilities.noiseReduction === true,
    cloudProviders: CLOUD_PROVIDERS.filter((provider) => provider === preset || provider === clone),
  };
}
