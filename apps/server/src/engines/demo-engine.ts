import { DEMO_VOICE_ALIASES } from './espeak/voices.js';
import type { SpeechEngineV1 } from './speech-engine.js';

/** The engine behind the landing page's free demo, and the voice ids the demo may use. */
export interface DemoEngine {
  engine: SpeechEngineV1;
  voiceIds: ReadonlySet<string>;
  /** The engine's own id of a demo voice (the web app names them by alias). */
  voiceFor(voiceId: string): string;
}

/** What each of the web app's demo voices is, so a neural engine can offer a voice like it. */
const DEMO_VOICE_TRAITS: Record<string, { locale: string; gender: string }> = {
  'en-us-female': { locale: 'en-US', gender: 'female' },
  'en-us-male': { locale: 'en-US', gender: 'male' },
  'en-gb-female': { locale: 'en-GB', gender: 'female' },
  'en-gb-male': { locale: 'en-GB', gender: 'male' },
  'en-us-narrator': { locale: 'en-US', gender: 'male' },
};

/** eSpeak knows the aliases itself; its own ids of the demo voices are accepted as well. */
export function espeakDemo(engine: SpeechEngineV1): DemoEngine {
  return {
    engine,
    voiceIds: new Set([...Object.keys(DEMO_VOICE_ALIASES), ...Object.values(DEMO_VOICE_ALIASES)]),
    voiceFor: (voiceId) => voiceId,
  };
}

/**
 * The demo on a local neural engine, when it has a voice of each demo voice's accent and gender
 * (a different one for each alias where it can); null when any is missing, so the demo never
 * mixes engines. It stays free: local engines cost nothing per request.
 */
export async function neuralDemo(engine: SpeechEngineV1): Promise<DemoEngine | null> {
  const voices = await engine.listVoices();
  const chosen = new Map<string, string>();
  for (const [alias, traits] of Object.entries(DEMO_VOICE_TRAITS)) {
    const matching = voices.filter((voice) => voice.locale === traits.locale && voice.gender === traits.gender);
    const taken = new Set(chosen.values());
    const voice = matching.find((candidate) => !taken.has(candidate.id)) ?? matching[0];
    if (!voice) return null;
    chosen.set(alias, voice.id);
  }
  return { engine, voiceIds: new Set(chosen.keys()), voiceFor: (voiceId) => chosen.get(voiceId) ?? voiceId };
}
