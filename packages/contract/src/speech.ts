import { z } from 'zod';
import { dictionaryIds } from './pronunciation.js';

/** The longest text one speech request may carry (spec section 5). */
export const MAX_TEXT_LENGTH = 50_000;

/**
 * The spec's checks on a speech request's text (section 5), with its messages: the server answers
 * a validation failure with its first issue's message, so these words reach the caller verbatim.
 * A text of spaces only counts as missing; the text itself is kept as sent.
 */
export const speechText = z
  .string({ error: 'Text is required' })
  .refine((text) => text.trim().length > 0, { error: 'Text is required' })
  .max(MAX_TEXT_LENGTH, { error: 'Text exceeds maximum length of 50,000 characters' });

/** A voice id, trimmed; missing or blank is the spec's 'Voice ID is required'. */
export const speechVoiceId = z
  .string({ error: 'Voice ID is required' })
  .trim()
  .min(1, { error: 'Voice ID is required' });

/** A model id, trimmed; missing or blank is the spec's 'Model ID is required'. */
export const speechModelId = z
  .string({ error: 'Model ID is required' })
  .trim()
  .min(1, { error: 'Model ID is required' });

/**
 * A speech request for the clone studio and the landing demo (spec section 3, provider A). The
 * fields are checked in the spec's order (text, then voice), so the first message is the spec's.
 */
export const cloneSpeechRequest = z.object({
  text: speechText,
  model: z.string().optional(),
  // A request without voice settings has no voice: the spec's message, not a schema's.
  voice_setting: z.object(
    {
      voice_id: speechVoiceId,
      vol: z.number().optional(),
      pitch: z.number().optional(),
      speed: z.number().optional(),
    },
    { error: 'Voice ID is required' },
  ),
  // A language's name ('Auto', 'English', 'Chinese,Yue'): letters and a little punctuation only, so
  // nothing a database or a provider cannot take (a lone surrogate, say) is stored with the task.
  language_boost: z
    .string()
    .regex(/^[\p{L}\p{M} ,()_-]{0,64}$/u, {
      error: 'language_boost must be a language name such as "Auto" or "English"',
    })
    .optional(),
  with_transcript: z.boolean().optional(),
  receive_url: z.url({ protocol: /^https$/, message: 'receive_url must be an https URL' }).optional(),
  /** The user's pronunciation dictionaries to apply, at most three (ours, issue 38). */
  pronunciation_dictionary_ids: dictionaryIds.optional(),
});
export type CloneSpeechRequest = z.infer<typeof cloneSpeechRequest>;

/** A speech request for the preset studio (spec section 3, provider B): text, voice and model, in that order. */
export const presetSpeechRequest = z.object({
  text: speechText,
  voice_id: speechVoiceId,
  model_id: speechModelId,
  with_transcript: z.boolean().optional(),
  speed: z.number().optional(),
  pitch: z.number().optional(),
  volume: z.number().optional(),
  /** The user's pronunciation dictionaries to apply, at most three (ours, issue 38). */
  pronunciation_dictionary_ids: dictionaryIds.optional(),
});
export type PresetSpeechRequest = z.infer<typeof presetSpeechRequest>;

/**
 * The answer to a submission: the task to poll, under both of the spec's names. `stream_url` is
 * ours: the task's audio as it is spoken (decision 0025), so a player can start without a poll.
 */
export const submittedTask = z.object({
  success: z.boolean(),
  task_id: z.string(),
  id: z.string(),
  message: z.string(),
  stream_url: z.string().optional(),
});
export type SubmittedTask = z.infer<typeof submittedTask>;

export const TASK_STATUSES = ['queued', 'processing', 'done', 'failed'] as const;
export const taskStatus = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatus>;

/**
 * A task as the spec's pollers read it (section 3 'Task (polled)'): both `task_id` and `id`, the
 * error under both names, and the audio URL at the top level, in `result` and in `metadata`.
 * `queue_position` is ours: how many tasks are ahead of a waiting one (null once it is not waiting).
 * `stream_url` is ours too: while the task is queued or processing, a signed link to its audio as
 * it is spoken (decision 0025); null once it has ended, when `audio_url` is the finished file.
 */
export const taskView = z.object({
  task_id: z.string(),
  id: z.string(),
  status: taskStatus,
  progress: z.number().nullable(),
  error_message: z.string().nullable(),
  error: z.string().nullable(),
  /** Why a failed task failed, as a code from the error catalogue (docs/api.md); clients branch on it, not on the words. */
  error_code: z.string().nullable(),
  result: z
    .object({
      audio_url: z.string().nullable(),
      transcript_url: z.string().nullable(),
      duration_ms: z.number().nullable(),
    })
    .nullable(),
  audio_url: z.string().nullable(),
  transcript_url: z.string().nullable(),
  metadata: z.object({ audio_url: z.string().nullable(), voice_id: z.string(), model_id: z.string().nullable() }),
  input: z.string(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  queue_position: z.number().int().min(0).nullable(),
  stream_url: z.string().nullable(),
});
export type TaskView = z.infer<typeof taskView>;

export const taskList = z.object({ items: z.array(taskView) });
export type TaskList = z.infer<typeof taskList>;

/**
 * What speaks a voice, for the voice library's filters and for choosing a voice on arrival: an
 * installed neural model, eSpeak NG's formant synthesis, a cloud provider, or the user's own clone.
 */
export const voiceKind = z.enum(['neural', 'espeak', 'cloud', 'cloned']);
export type VoiceKind = z.infer<typeof voiceKind>;

/** A preset voice in the spec's shape (section 3), the same for both studios, plus its kind. */
export const voice = z.object({
  voice_id: z.string(),
  name: z.string(),
  accent: z.string(),
  gender: z.string(),
  age: z.string(),
  descriptive: z.string(),
  use_case: z.string(),
  category: z.enum(['high_quality', 'professional']),
  language: z.string(),
  locale: z.string(),
  description: z.string(),
  kind: voiceKind,
  /**
   * Ours: what the listener must know before selling this voice's speech, set where the voice's
   * model does not allow commercial use; null (or absent, from older servers and providers) otherwise.
   */
  license_note: z.string().nullable().optional(),
  preview_url: z.string().nullable(),
  verified_languages: z.array(
    z.object({
      language: z.string(),
      accent: z.string(),
      locale: z.string().nullable(),
      preview_url: z.string().nullable(),
    }),
  ),
});
export type Voice = z.infer<typeof voice>;

export const voiceList = z.object({ voices: z.array(voice) });
export type VoiceList = z.infer<typeof voiceList>;

export const model = z.object({ model_id: z.string(), name: z.string() });
export type Model = z.infer<typeof model>;

export const modelList = z.object({ models: z.array(model) });
export type ModelList = z.infer<typeof modelList>;

/** userPreferences (spec section 3): the voice /dashboard2 opens with. */
export const preferences = z.object({
  preferredVoiceId: z.string().nullable(),
  preferredVoiceName: z.string().nullable(),
  lastUpdated: z.string().nullable(),
});
export type Preferences = z.infer<typeof preferences>;

export const preferencesUpdate = z.object({
  preferredVoiceId: z.string().trim().min(1, 'Voice ID is required').max(200),
  preferredVoiceName: z.string().trim().max(200).default(''),
});
export type PreferencesUpdate = z.input<typeof preferencesUpdate>;

/** A task id as the server makes them: 128 random bits in hex. */
export const taskId = z.string().regex(/^[a-f0-9]{32}$/);

/** GET /api/task/:id and /api/elevenlabs/task/:id; a missing id gets the spec's own message. */
export const taskParams = z.object({ id: z.string().optional() });
export type TaskParams = z.infer<typeof taskParams>;

/** GET /api/voices/:voiceId/preview.mp3, a preset voice's spoken sample. */
export const voicePreviewParams = z.object({ voiceId: z.string().regex(/^[a-z0-9-]{1,64}$/) });
export type VoicePreviewParams = z.infer<typeof voicePreviewParams>;

/** GET /api/files/tasks/:taskId/:name?expires=&sig=, a task's file behind a signed, expiring link. */
export const taskFileParams = z.object({ taskId, name: z.string() });
export type TaskFileParams = z.infer<typeof taskFileParams>;

export const taskFileQuery = z.object({ expires: z.coerce.number().int(), sig: z.string() });
export type TaskFileQuery = z.infer<typeof taskFileQuery>;
