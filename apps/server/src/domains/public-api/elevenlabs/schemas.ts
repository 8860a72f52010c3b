import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import { z } from 'zod';
import { dictionaryLocators } from './dictionary-locators.js';

const unit = z.number().min(0).max(1).nullish();

/**
 * ElevenLabs' voice settings. Our engines have no stability, similarity or style controls, so those
 * are accepted and have no effect; `speed` is honoured. ElevenLabs allows 0.7-1.2; we take our
 * engines' wider 0.5-2, so a script written for ElevenLabs never meets a refusal it would not.
 */
export const elevenLabsVoiceSettings = z.object({
  stability: unit,
  similarity_boost: unit,
  style: unit,
  use_speaker_boost: z.boolean().nullish(),
  speed: z.number().min(0.5).max(2).nullish(),
});

/** The body of POST /v1/text-to-speech/{voice_id} and its variants; fields we cannot use are dropped. */
export const elevenLabsSpeechRequest = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'text must not be empty')
    .max(MAX_TEXT_LENGTH, `text exceeds the maximum length of ${MAX_TEXT_LENGTH.toLocaleString('en')} characters`),
  model_id: z.string().trim().min(1).nullish(),
  language_code: z
    .string()
    .regex(/^[a-zA-Z]{2}$/, 'language_code must be an ISO 639-1 code such as "en"')
    .nullish(),
  voice_settings: elevenLabsVoiceSettings.nullish(),
  pronunciation_dictionary_locators: dictionaryLocators,
});
export type ElevenLabsSpeechRequest = z.infer<typeof elevenLabsSpeechRequest>;

export const elevenLabsSpeechQuery = z.object({ output_format: z.string().optional() });

export const elevenLabsVoiceParams = z.object({ voice_id: z.string().trim().min(1) });

/** Every error but request validation: `{ detail: { status, message } }`, as ElevenLabs answers. */
export const elevenLabsErrorBody = z.object({ detail: z.object({ status: z.string(), message: z.string() }) });

/** Request validation failures, in the FastAPI shape ElevenLabs sends and its SDK types for 422. */
export const elevenLabsValidationBody = z.object({
  detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
});

/** Every route's error answers, for the API docs. */
export const ERRORS = { 422: elevenLabsValidationBody, '4xx': elevenLabsErrorBody, '5xx': elevenLabsErrorBody };
export const TAGS = ['ElevenLabs-compatible API'];

export const characterAlignment = z.object({
  characters: z.array(z.string()),
  character_start_times_seconds: z.array(z.number()),
  character_end_times_seconds: z.array(z.number()),
});
export type CharacterAlignment = z.infer<typeof characterAlignment>;

export const audioWithTimestamps = z.object({
  audio_base64: z.string(),
  alignment: characterAlignment.nullable(),
  normalized_alignment: characterAlignment.nullable(),
});
export type AudioWithTimestamps = z.infer<typeof audioWithTimestamps>;

export const elevenLabsVoice = z.object({
  voice_id: z.string(),
  name: z.string(),
  /** `premade` for the studios' preset voices, `cloned` for the key owner's own. */
  category: z.enum(['premade', 'cloned']),
  labels: z.record(z.string(), z.string()),
  description: z.string().nullable(),
  preview_url: z.string().nullable(),
  samples: z.null(),
  settings: elevenLabsVoiceSettings,
  available_for_tiers: z.array(z.string()),
  high_quality_base_model_ids: z.array(z.string()),
  verified_languages: z.array(
    z.object({
      language: z.string(),
      model_id: z.string(),
      accent: z.string().nullable(),
      locale: z.string().nullable(),
      preview_url: z.string().nullable(),
    }),
  ),
  is_owner: z.boolean(),
  is_legacy: z.boolean(),
  created_at_unix: z.number().nullable(),
});
export type ElevenLabsVoice = z.infer<typeof elevenLabsVoice>;

export const elevenLabsVoiceList = z.object({ voices: z.array(elevenLabsVoice) });

export const elevenLabsModel = z.object({
  model_id: z.string(),
  name: z.string(),
  description: z.string(),
  can_be_finetuned: z.boolean(),
  can_do_text_to_speech: z.boolean(),
  can_do_voice_conversion: z.boolean(),
  can_use_style: z.boolean(),
  can_use_speaker_boost: z.boolean(),
  serves_pro_voices: z.boolean(),
  token_cost_factor: z.number(),
  requires_alpha_access: z.boolean(),
  max_characters_request_free_user: z.number(),
  max_characters_request_subscribed_user: z.number(),
  maximum_text_length_per_request: z.number(),
  languages: z.array(z.object({ language_id: z.string(), name: z.string() })),
  concurrency_group: z.string(),
});
export type ElevenLabsModel = z.infer<typeof elevenLabsModel>;

/** GET /v1/models answers a bare array, as ElevenLabs does. */
export const elevenLabsModelList = z.array(elevenLabsModel);

export const voiceAdded = z.object({ voice_id: z.string(), requires_verification: z.boolean() });

export const voiceDeleted = z.object({ status: z.literal('ok') });
