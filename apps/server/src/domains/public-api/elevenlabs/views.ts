import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import type { ApiVoice } from '../catalogue.js';
import type { ElevenLabsModel, ElevenLabsVoice } from './schemas.js';

/**
 * ElevenLabs' model ids. Each speaks with the voice's own engine and that engine's default model,
 * so scripts written for ElevenLabs run unchanged; `eleven_multilingual_v2` is ElevenLabs' default.
 */
export const ELEVENLABS_MODELS: Record<string, string> = {
  eleven_multilingual_v2: 'Eleven Multilingual v2',
  eleven_v3: 'Eleven v3',
  eleven_flash_v2_5: 'Eleven Flash v2.5',
  eleven_turbo_v2_5: 'Eleven Turbo v2.5',
  eleven_flash_v2: 'Eleven Flash v2',
  eleven_turbo_v2: 'Eleven Turbo v2',
};
const DEFAULT_MODEL_ID = 'eleven_multilingual_v2';

/** ElevenLabs' defaults, reported as every voice's settings: our engines have no per-voice settings. */
const DEFAULT_SETTINGS = { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true, speed: 1 };

export function voiceView(voice: ApiVoice): ElevenLabsVoice {
  const preset = voice.preset;
  return {
    voice_id: voice.id,
    name: voice.name,
    category: voice.kind === 'cloned' ? 'cloned' : 'premade',
    labels: preset
      ? {
          accent: preset.accent,
          gender: preset.gender,
          age: preset.age,
          description: preset.descriptive,
          use_case: preset.useCase,
        }
      : { language: voice.language },
    description: preset?.description ?? null,
    preview_url: preset?.previewUrl ?? null,
    samples: null,
    settings: DEFAULT_SETTINGS,
    available_for_tiers: [],
    high_quality_base_model_ids: [],
    verified_languages: (preset?.verifiedLanguages ?? []).map((language) => ({
      language: language.language,
      model_id: DEFAULT_MODEL_ID,
      accent: language.accent,
      locale: language.locale,
      preview_url: language.previewUrl,
    })),
    is_owner: voice.kind === 'cloned',
    is_legacy: false,
    created_at_unix: voice.createdAt ? Math.floor(voice.createdAt.getTime() / 1000) : null,
  };
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

export function modelView(modelId: string, name: string, description: string, languages: string[]): ElevenLabsModel {
  return {
    model_id: modelId,
    name,
    description,
    can_be_finetuned: false,
    can_do_text_to_speech: true,
    can_do_voice_conversion: false,
    can_use_style: false,
    can_use_speaker_boost: false,
    serves_pro_voices: false,
    token_cost_factor: 1,
    requires_alpha_access: false,
    max_characters_request_free_user: MAX_TEXT_LENGTH,
    max_characters_request_subscribed_user: MAX_TEXT_LENGTH,
    maximum_text_length_per_request: MAX_TEXT_LENGTH,
    languages: languages.map((code) => ({ language_id: code, name: languageNames.of(code) ?? code })),
    concurrency_group: 'standard',
  };
}
