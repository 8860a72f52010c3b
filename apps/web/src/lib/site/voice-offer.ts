import { useSiteConfig } from './get-site-config';

export interface VoiceOffer {
  /** The preset studio speaks with neural voices (an installed model or a cloud provider). */
  natural: boolean;
  /** The clone studio learns voices with a neural model rather than approximating them. */
  neuralCloning: boolean;
  minimax: boolean;
  elevenlabs: boolean;
}

/**
 * What this installation's voices are, for public copy that must claim only what the server
 * offers (decision 0004). Until the settings arrive, and if they cannot be read, nothing beyond
 * the built-in engine is claimed: modest copy that turns out too modest is the safe mistake.
 */
export function useVoiceOffer(): VoiceOffer {
  const { data: config } = useSiteConfig();
  const providers = config?.cloudProviders ?? [];
  return {
    natural: config?.naturalVoices ?? false,
    neuralCloning: config?.neuralCloning ?? false,
    minimax: providers.includes('minimax'),
    elevenlabs: providers.includes('elevenlabs'),
  };
}
