import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import { findClonedVoice } from '../voices/index.js';

/** The engine and model a voice is spoken by: what a block's speech task is created with. */
export interface ResolvedVoice {
  engineId: string;
  modelId: string | null;
  voiceId: string;
}

/**
 * Finds the engine of the voices a project uses, once per voice per request: the clone studio's
 * engine speaks its own voices, and a cloned voice is spoken by the engine that made it (as the
 * clone studio does). Null for a voice neither knows.
 */
export class VoiceResolver {
  private readonly known = new Map<string, Promise<ResolvedVoice | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly engines: EngineRegistry,
    private readonly userId: string,
  ) {}

  resolve(voiceId: string): Promise<ResolvedVoice | null> {
    let found = this.known.get(voiceId);
    if (!found) {
      found = this.lookUp(voiceId);
      this.known.set(voiceId, found);
    }
    return found;
  }

  private async lookUp(voiceId: string): Promise<ResolvedVoice | null> {
    const engine = this.engines.forStudio('clone');
    if ((await engine.listVoices()).some((voice) => voice.id === voiceId)) {
      return { engineId: engine.id, modelId: engine.defaultModel, voiceId };
    }
    const cloned = await findClonedVoice(this.db, this.userId, voiceId);
    if (!cloned) return null;
    return { engineId: cloned.engine, modelId: this.engines.byId(cloned.engine)?.defaultModel ?? null, voiceId };
  }
}

/**
 * What a block's audio depends on: its text as spoken, the voice (with its engine and model) and
 * the speed. A block whose hash equals the one of its last successful render needs no new render.
 */
export function contentHash(text: string, voice: ResolvedVoice | null, voiceId: string, speed: number): string {
  const parts = [text.trim(), voice?.engineId ?? '', voice?.modelId ?? '', voiceId, speed.toFixed(3)];
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 32);
}
