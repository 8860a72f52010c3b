import type { Model, Voice, VoiceKind } from '@sayso/contract/speech';
import type { EngineModel, EngineVoice, SpeechEngineV1 } from '../../engines/speech-engine.js';

/** Where a preset voice's sample is served when the product renders it (see the preview route). */
const presetPreviewPath = (voiceId: string) => `/api/voices/${voiceId}/preview.mp3`;

/** The local engines by id; every other engine speaks through a cloud provider's API. */
const LOCAL_KINDS: Record<string, VoiceKind> = { sherpa: 'neural', espeak: 'espeak' };

export const voiceKindOf = (engine: SpeechEngineV1): VoiceKind => LOCAL_KINDS[engine.id] ?? 'cloud';

/**
 * An engine's voice in the API's shape (spec section 3). A voice without a sample of its own is
 * heard through the product's rendered preview, when its engine renders them (local engines).
 */
export function voiceView(voice: EngineVoice, engine: SpeechEngineV1): Voice {
  const rendered = engine.capabilities.rendersPreviews ? presetPreviewPath(voice.id) : null;
  return {
    voice_id: voice.id,
    name: voice.name,
    accent: voice.accent,
    gender: voice.gender,
    age: voice.age,
    descriptive: voice.descriptive,
    use_case: voice.useCase,
    category: voice.category,
    language: voice.language,
    locale: voice.locale,
    description: voice.description,
    kind: voiceKindOf(engine),
    license_note: voice.licenseNote ?? null,
    preview_url: voice.previewUrl ?? rendered,
    verified_languages: voice.verifiedLanguages.map((entry) => ({
      language: entry.language,
      accent: entry.accent,
      locale: entry.locale,
      preview_url: entry.previewUrl,
    })),
  };
}

export const modelView = (model: EngineModel): Model => ({ model_id: model.id, name: model.name });
