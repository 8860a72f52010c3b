import { MAX_TEXT_LENGTH } from '@sayso/contract/speech';
import { z } from 'zod';

/** POST /openai/v1/audio/speech, as OpenAI documents it; our product's text rules apply to `input`. */
export const openAiSpeechRequest = z.object({
  model: z.string().trim().min(1, 'model is required'),
  input: z
    .string()
    .refine((input) => input.trim().length > 0, 'input must not be empty')
    .max(MAX_TEXT_LENGTH, `input exceeds the maximum length of ${MAX_TEXT_LENGTH.toLocaleString('en')} characters`),
  voice: z.union([z.string().trim().min(1, 'voice is required'), z.object({ id: z.string().trim().min(1) })]),
  // Any string reaches the route, which refuses what we cannot encode (OpenAI's aac, or a name it does
  // not know) with one answer: param "response_format" and the formats that do work.
  response_format: z
    .string()
    .default('mp3')
    .describe('mp3 (default), opus, flac, wav or pcm; aac is OpenAI’s but is refused here'),
  speed: z.number().min(0.25).max(4).default(1),
  instructions: z.string().max(4_096).optional(),
  stream_format: z.enum(['audio', 'sse']).default('audio'),
});
export type OpenAiSpeechRequest = z.infer<typeof openAiSpeechRequest>;

export const openAiErrorBody = z.object({
  error: z.object({ message: z.string(), type: z.string(), param: z.string().nullable(), code: z.string().nullable() }),
});

export const openAiModel = z.object({
  id: z.string(),
  object: z.literal('model'),
  created: z.number(),
  owned_by: z.string(),
});
export const openAiModelList = z.object({ object: z.literal('list'), data: z.array(openAiModel) });

export const openAiVoice = z.object({
  id: z.string(),
  object: z.literal('audio.voice'),
  name: z.string(),
  /** `preset` for the product's own voices, `audio_sample` for the key owner's cloned voices (as OpenAI names them). */
  type: z.enum(['preset', 'audio_sample']),
  language: z.string(),
  gender: z.string().nullable(),
  created_at: z.number(),
  /** OpenAI's voice names that map to this voice. */
  aliases: z.array(z.string()),
});
export const openAiVoiceList = z.object({ object: z.literal('list'), data: z.array(openAiVoice) });
