import type { ApiVoice } from '../catalogue.js';

/**
 * OpenAI's own voice names, each given a preset voice of a similar kind, so scripts written for
 * OpenAI work unchanged. The names are split by how OpenAI describes them (lower or higher, and
 * neutral); a name picks the voice at its place among the matching presets.
 */
const OPENAI_VOICES: Record<string, { gender: 'male' | 'female' | null; place: number }> = {
  alloy: { gender: null, place: 0 },
  ash: { gender: 'male', place: 0 },
  ballad: { gender: 'male', place: 1 },
  cedar: { gender: 'male', place: 2 },
  echo: { gender: 'male', place: 3 },
  fable: { gender: null, place: 1 },
  onyx: { gender: 'male', place: 4 },
  coral: { gender: 'female', place: 0 },
  marin: { gender: 'female', place: 1 },
  nova: { gender: 'female', place: 2 },
  sage: { gender: 'female', place: 3 },
  shimmer: { gender: 'female', place: 4 },
  verse: { gender: null, place: 2 },
};

export const OPENAI_VOICE_NAMES = Object.keys(OPENAI_VOICES);

/**
 * The voice id a request's `voice` names: one of ours as it is, or OpenAI's name mapped onto the
 * presets (English ones first, as OpenAI's voices are). Unknown names are returned unchanged, so
 * the catalogue refuses them with its own message.
 */
export function resolveOpenAiVoice(requested: string, voices: ApiVoice[]): string {
  if (voices.some((voice) => voice.id === requested)) return requested;
  const wanted = OPENAI_VOICES[requested.toLowerCase()];
  if (!wanted) return requested;
  const presets = voices.filter((voice) => voice.kind === 'preset');
  const english = presets.filter((voice) => voice.language === 'en');
  const pool = english.length > 0 ? english : presets;
  const matching = wanted.gender ? pool.filter((voice) => voice.preset?.gender.toLowerCase() === wanted.gender) : pool;
  const candidates = matching.length > 0 ? matching : pool;
  return candidates[wanted.place % Math.max(1, candidates.length)]?.id ?? requested;
}
