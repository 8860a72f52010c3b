import type { FastifyBaseLogger } from 'fastify';
import type { SpeechEngineV1 } from './speech-engine.js';

export type Provider = 'A' | 'B';

/** Which engine serves a provider's routes: a named engine, or 'auto' (the first preferred one up). */
export type EngineChoice = string;

export interface EngineReport {
  id: string;
  status: 'up' | 'down';
  detail?: string;
  /** The providers whose routes this engine serves. */
  serves: Provider[];
}

export interface EngineRegistry {
  /** The engine that serves a provider's routes (chosen at start-up). */
  forProvider(provider: Provider): SpeechEngineV1;
  /** An engine by the id stored with a task, so a queued task finishes on the engine it began with. */
  byId(id: string): SpeechEngineV1 | undefined;
  reports(): Promise<EngineReport[]>;
}

/** 'auto' prefers natural neural voices on the preset screen, and the engine that can clone on A. */
const AUTO_PREFERENCE: Record<Provider, string[]> = {
  A: ['minimax', 'espeak'],
  B: ['elevenlabs', 'kokoro', 'espeak'],
};

/**
 * Picks the engine of each provider from configuration. An engine that is configured by name but
 * down is not used: the provider falls back to the always-present eSpeak engine, and the reason is
 * logged and shown by /api/health, so the fallback is visible, never silent.
 */
export async function createEngineRegistry(
  engines: SpeechEngineV1[],
  choice: Record<Provider, EngineChoice>,
  logger: FastifyBaseLogger,
): Promise<EngineRegistry> {
  for (const engine of engines) {
    if (engine.specificationVersion !== 'v1') throw new Error(`engine ${engine.id} speaks an unknown contract`);
  }
  const byId = new Map(engines.map((engine) => [engine.id, engine]));
  const fallback: SpeechEngineV1 | undefined = byId.get('espeak') ?? engines[0];
  if (fallback === undefined) throw new Error('no speech engine is configured');
  const always = fallback;
  const isUp = async (engine: SpeechEngineV1) => (await engine.status()).state === 'up';

  async function pick(provider: Provider): Promise<SpeechEngineV1> {
    const wanted = choice[provider];
    if (wanted !== 'auto') {
      const engine = byId.get(wanted);
      if (!engine) throw new Error(`speech engine "${wanted}" (provider ${provider}) is not configured`);
      const status = await engine.status();
      if (status.state === 'up') return engine;
      logger.error({ engine: wanted, reason: status.reason }, `engine is down; provider ${provider} uses ${always.id}`);
      return always;
    }
    for (const id of AUTO_PREFERENCE[provider]) {
      const engine = byId.get(id);
      if (engine && (await isUp(engine))) return engine;
    }
    return always;
  }

  const chosen: Record<Provider, SpeechEngineV1> = { A: await pick('A'), B: await pick('B') };
  logger.info({ A: chosen.A.id, B: chosen.B.id }, 'speech engines chosen');
  return {
    forProvider: (provider) => chosen[provider],
    byId: (id) => byId.get(id),
    async reports() {
      return Promise.all(
        engines.map(async (engine): Promise<EngineReport> => {
          const status = await engine.status();
          const serves = (['A', 'B'] as const).filter((provider) => chosen[provider] === engine);
          return status.state === 'up'
            ? { id: engine.id, status: 'up', serves }
            : { id: engine.id, status: 'down', detail: status.reason, serves };
        }),
      );
    },
  };
}
