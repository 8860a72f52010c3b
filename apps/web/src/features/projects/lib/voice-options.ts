import type { Voice } from '@sayso/contract/speech';
import type { ClonedVoice } from '@sayso/contract/voices';

/** A cloned voice in the voice library's shape, so one picker lists both kinds. */
export function clonedAsVoice(cloned: ClonedVoice): Voice {
  return {
    voice_id: cloned.voiceId,
    name: cloned.voiceName,
    accent: '',
    gender: '',
    age: '',
    descriptive: 'Your cloned voice',
    use_case: 'narration',
    category: 'professional',
    language: cloned.language,
    locale: '',
    description: 'One of your cloned voices',
    kind: 'cloned',
    preview_url: cloned.mp3Link || null,
    verified_languages: [],
  };
}

/** The user's cloned voices first (they made them for a reason), then the preset voices. */
export const projectVoiceList = (preset: readonly Voice[], cloned: readonly ClonedVoice[]): Voice[] => [
  ...cloned.map(clonedAsVoice),
  ...preset,
];

/** A voice's name for the screen; an id the lists no longer hold (a deleted clone) shows as itself. */
export function voiceLabel(voices: readonly Voice[], voiceId: string | null): string {
  if (!voiceId) return 'Narrator';
  return voices.find((voice) => voice.voice_id === voiceId)?.name ?? voiceId;
}
