import { type EngineReport, type Studio, studio as studios } from '@sayso/contract/site';
import type { FastifyBaseLogger } from 'fastify';
import { type DemoEngine, espeakDemo, neuralDemo } from './demo-engine.js';
import type { SpeechEngineV1 } from './speech-engine.js';

/** Which engine serves a studio's routes: a named engine, or 'auto' (the first preferred one up). */
export type EngineChoice = string;

export type { EngineReport };

export interface EngineRegistry {
  /** The engine that serves a studio's routes (chosen at start-up, and again when an engine changes). */
  forStudio(studio: Studio): SpeechEngineV1;
  /** An engine by the id stored with a task, so a queued task finishes on the engine it began with. */
  byId(id: string): SpeechEngineV1 | undefined;
  /** The demo's engine (a local neural one when installed, else eSpeak), whichever engines serve the studios; null when none is installed. */
  demo(): DemoEngine | null;
  reports(): Promise<EngineReport[]>;
}

/** The embedded engine: always present, the fallback of both studios, and the voice of the demo. */
const EMBEDDED_ENGINE = 'espeak';
/** The local neural engine: it speaks the demo when its installed voices cover the demo's. */
const LOCAL_NEURAL_ENGINE = 'sherpa';

/** 'auto' prefers natural neural voices in the preset studio, and the engine that can clone in the other. */
const AUTO_PREFERENCE: Record<Studio, string[]> = {
  clone: ['minimax', 'sherpa', 'espeak'],
  preset: ['elevenlabs', 'sherpa', 'espeak'],
};

/** What an engine must offer to serve a studio: its own voices, or cloning. */
const SERVES: Record<Studio, (engine: SpeechEngineV1) => boolean> = {
  clone: (engine) => engine.capabilities.cloning,
  preset: (engine) => engine.capabilities.presetVoices,
};

/**
 * Picks the engine of each studio from configuration. An engine that is configured by name but
 * down is not used: the studio falls back to the always-present eSpeak engine, and the reason is
 * logged and shown to staff by /api/admin/health, so the fallback is visible, never silent.
 */
export async function createEngineRegistry(
  engines: SpeechEngineV1[],
  choice: Record<Studio, EngineChoice>,
  logger: FastifyBaseLogger,
): Promise<EngineRegistry> {
  for (const engine of engines) {
    if (engine.specificationVersion !== 'v1') throw new Error(`engine ${engine.id} speaks an unknown contract`);
  }
  const byId = new Map(engines.map((engine) => [engine.id, engine]));
  const fallback: SpeechEngineV1 | undefined = byId.get(EMBEDDED_ENGINE) ?? engines[0];
  if (fallback === undefined) throw new Error('no speech engine is configured');
  const always = fallback;
  const isUp = async (engine: SpeechEngineV1) => (await engine.status()).state === 'up';

  async function pick(studio: Studio): Promise<SpeechEngineV1> {
    const wanted = choice[studio];
    if (wanted !== 'auto') {
      const engine = byId.get(wanted);
      if (!engine) throw new Error(`speech engine "${wanted}" (${studio} studio) is not configured`);
      const status = await engine.status();
      if (status.state === 'up') return engine;
      logger.error({ engine: wanted, reason: status.reason }, `engine is down; the ${studio} studio uses ${always.id}`);
      return always;
    }
    for (const id of AUTO_PREFERENCE[studio]) {
      const engine = byId.get(id);
      if (engine && (await isUp(engine)) && (engine === always || SERVES[studio](engine))) return engine;
    }
    return always;
  }

  const embedded = byId.get(EMBEDDED_ENGINE);
  async function pickDemo(): Promise<DemoEngine | null> {
    const neural = byId.get(LOCAL_NEURAL_ENGINE);
    const spoken = neural && (await isUp(neural)) && neural.capabilities.presetVoices ? await neuralDemo(neural) : null;
    return spoken ?? (embedded ? espeakDemo(embedded) : null);
  }

  const chosen: Record<Studio, SpeechEngineV1> = { clone: await pick('clone'), preset: await pick('preset') };
  let demo = await pickDemo();
  logger.info({ clone: chosen.clone.id, preset: chosen.preset.id, demo: demo?.engine.id }, 'speech engines chosen');
  // An engine whose models change (installed or removed while the server runs) has the studios
  // chosen again, so a new neural model serves at once and a removed one stops serving.
  for (const engine of engines) {
    engine.onChange?.(async () => {
      const [clone, preset, newDemo] = await Promise.all([pick('clone'), pick('preset'), pickDemo()]);
      chosen.clone = clone;
      chosen.preset = preset;
      demo = newDemo;
      logger.info({ clone: clone.id, preset: preset.id, demo: demo?.engine.id }, 'speech engines chosen again');
    });
  }
  return {
    forStudio: (studio) => chosen[studio],
    byId: (id) => byId.get(id),
    demo: () => demo,
    async reports() {
      return Promise.all(
        engines.map(async (engine): Promise<EngineReport> => {
          const status = await engine.status();
          const serves = studios.options.filter((name) => chosen[name] === engine);
          return status.state === 'up'
            ? { id: engine.id, status: 'up', serves }
            : { id: engine.id, status: 'down', detail: status.reason, serves };
        }),
      );
    },
  };
}
