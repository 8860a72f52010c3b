import type { VoiceKind } from '@sayso/contract/speech';

/** What choosing a voice on arrival needs to know of a voice. */
export interface ArrivalCandidate {
  id: string;
  /** Null where every candidate is the same kind (the landing demo's voices). */
  kind: VoiceKind | null;
  /** A BCP 47 tag such as en-GB; case does not matter. */
  locale: string;
  /** The language alone (en), when the voice gives one. */
  language?: string | null;
}

/** Natural voices first: a neural model, then a cloud provider, then eSpeak's formant speech. */
const KIND_ORDER: readonly (VoiceKind | null)[] = ['neural', 'cloud', null, 'espeak', 'cloned'];

const kindRank = (kind: VoiceKind | null) => KIND_ORDER.indexOf(kind);
const languageOf = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? '';

function candidateLanguage(candidate: ArrivalCandidate): string {
  return (candidate.language || languageOf(candidate.locale)).toLowerCase();
}

/**
 * The best voice for one language of the browser: the most natural kind first, and among voices
 * of one kind, one of the exact locale (en-GB for en-GB) before the rest of the language.
 */
function bestFor(candidates: readonly ArrivalCandidate[], tag: string): ArrivalCandidate | null {
  const language = languageOf(tag);
  const exact = tag.toLowerCase().includes('-') ? tag.toLowerCase().replace('_', '-') : null;
  let best: ArrivalCandidate | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    if (candidateLanguage(candidate) !== language) continue;
    const sameLocale = exact !== null && candidate.locale.toLowerCase().replace('_', '-') === exact;
    // Kind outranks locale: a natural American voice reads British text better than eSpeak's British one.
    const score = kindRank(candidate.kind) * 2 + (sameLocale ? 0 : 1);
    if (score < bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The voice a studio opens with when the user has not chosen one: the voice they used last, while
 * it is still offered; else the most natural voice that speaks the browser's languages, in the
 * browser's order of preference; else the most natural English voice; else the first voice.
 * Language comes before kind: a natural voice that cannot read the user's language is no help.
 */
export function arrivalVoice(
  candidates: readonly ArrivalCandidate[],
  lastVoiceId: string | null,
  browserLanguages: readonly string[],
): string | null {
  if (lastVoiceId && candidates.some((candidate) => candidate.id === lastVoiceId)) return lastVoiceId;
  for (const tag of [...browserLanguages, 'en-US']) {
    const best = bestFor(candidates, tag);
    if (best) return best.id;
  }
  return candidates[0]?.id ?? null;
}

/** The browser's languages in its order of preference (navigator.languages, else navigator.language). */
export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/** A voice remembered in this browser (the demo's, the clone studio's), read without ever throwing. */
export function rememberedVoice(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Storage can be refused (private windows, blocked cookies): the choice then falls to the browser's language.
    return null;
  }
}

export function rememberVoice(key: string, voiceId: string): void {
  try {
    window.localStorage.setItem(key, voiceId);
  } catch {
    // Not remembering is harmless: the next visit chooses by language instead.
  }
}

/**
 * The cloned voice /dashboard3 opens with: the one used last while it still exists, else the
 * newest (the one just made, most likely the one wanted).
 */
export function arrivalClonedVoice<Voice extends { voiceId: string; createdAt: string }>(
  voices: readonly Voice[],
  lastVoiceId: string | null,
): Voice | null {
  const last = lastVoiceId ? voices.find((voice) => voice.voiceId === lastVoiceId) : undefined;
  if (last) return last;
  let newest: Voice | null = null;
  for (const voice of voices) {
    if (!newest || Date.parse(voice.createdAt) > Date.parse(newest.createdAt)) newest = voice;
  }
  return newest;
}
