import type { EngineRegistry } from '../../engines/registry.js';

/** How long an engine's voice names are kept: cloud catalogues change rarely and cost a request. */
const KEEP_MS = 10 * 60_000;

/**
 * Names of preset voices by engine, looked up in each engine's catalogue and kept a while. A
 * catalogue that cannot be read (a cloud provider down) leaves the voice id as its name.
 */
export class VoiceNames {
  private readonly byEngine = new Map<string, { names: Promise<Map<string, string>>; at: number }>();

  constructor(private readonly engines: EngineRegistry) {}

  async nameOf(engineId: string, voiceId: string): Promise<string> {
    return (await this.names(engineId)).get(voiceId) ?? voiceId;
  }

  private names(engineId: string): Promise<Map<string, string>> {
    const kept = this.byEngine.get(engineId);
    if (kept && Date.now() - kept.at < KEEP_MS) return kept.names;
    const engine = this.engines.byId(engineId);
    const names = engine
      ? engine
          .listVoices()
          .then((voices) => new Map(voices.map((voice) => [voice.id, voice.name])))
          .catch(() => new Map<string, string>())
      : Promise.resolve(new Map<string, string>());
    this.byEngine.set(engineId, { names, at: Date.now() });
    return names;
  }
}
