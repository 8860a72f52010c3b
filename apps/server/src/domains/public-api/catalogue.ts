import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { EngineRegistry } from '../../engines/registry.js';
import type { EngineVoice, SpeechEngineV1 } from '../../engines/speech-engine.js';
import { AppError } from '../../http/errors.js';
import { findClonedVoice, listClonedVoices, MAX_CLONED_VOICES } from '../voices/index.js';

/** A voice an API key may speak with: a preset voice of a studio's engine, or one of its owner's clones. */
export interface ApiVoice {
  id: string;
  name: string;
  kind: 'preset' | 'cloned';
  engineId: string;
  language: string;
  /** The preset voice's description; null for a cloned voice. */
  preset: EngineVoice | null;
  createdAt: Date | null;
}

/** The voice a request asked for, and the engine that speaks it. */
export interface ApiSpeaker {
  voice: ApiVoice;
  engine: SpeechEngineV1;
}

export const unknownVoice = (voiceId: string) => new AppError('UNKNOWN_VOICE', voiceId);

/**
 * What the public API can speak: the preset voices of the engines serving both studios (the
 * preset studio's first), then the key owner's cloned voices, spoken by the engine that made them.
 */
export class ApiCatalogue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engines: EngineRegistry,
  ) {}

  async voices(userId: string): Promise<ApiVoice[]> {
    const presets = await this.presetVoices();
    const cloned = await listClonedVoices(this.db, userId, MAX_CLONED_VOICES);
    return [
      ...presets.map(({ voice }) => voice),
      ...cloned.map((row) => ({
        id: row.id,
        name: row.voice_name,
        kind: 'cloned' as const,
        engineId: row.engine,
        language: row.language,
        preset: null,
        createdAt: row.created_at,
      })),
    ];
  }

  async speaker(userId: string, voiceId: string): Promise<ApiSpeaker> {
    const preset = (await this.presetVoices()).find(({ voice }) => voice.id === voiceId);
    if (preset) return preset;
    const cloned = await findClonedVoice(this.db, userId, voiceId);
    const engine = cloned && this.engines.byId(cloned.engine);
    if (!cloned || !engine) throw unknownVoice(voiceId);
    return {
      engine,
      voice: {
        id: cloned.id,
        name: cloned.voice_name,
        kind: 'cloned',
        engineId: cloned.engine,
        language: cloned.language,
        preset: null,
        createdAt: cloned.created_at,
      },
    };
  }

  /** The models of the engines serving the studios, each once. */
  async models(): Promise<{ id: string; name: string; engine: SpeechEngineV1 }[]> {
    const models: { id: string; name: string; engine: SpeechEngineV1 }[] = [];
    for (const engine of this.studioEngines()) {
      for (const model of await engine.listModels()) models.push({ ...model, engine });
    }
    return models.filter((model, index) => models.findIndex((other) => other.id === model.id) === index);
  }

  private studioEngines(): SpeechEngineV1[] {
    return [...new Set([this.engines.forStudio('preset'), this.engines.forStudio('clone')])];
  }

  private async presetVoices(): Promise<ApiSpeaker[]> {
    const found: ApiSpeaker[] = [];
    const seen = new Set<string>();
    for (const engine of this.studioEngines()) {
      for (const preset of await engine.listVoices()) {
        if (seen.has(preset.id)) continue;
        seen.add(preset.id);
        found.push({
          engine,
          voice: {
            id: preset.id,
            name: preset.name,
            kind: 'preset',
            engineId: engine.id,
            language: preset.language,
            preset,
            createdAt: null,
          },
        });
      }
    }
    return found;
  }
}
