import { z } from 'zod';
import { cloneLanguageField } from './languages.js';

/** The preview text a new voice reads when the form sends none (spec section 5's friendly greeting). */
export const DEFAULT_PREVIEW_TEXT = 'Hello! This is my new voice. I hope you enjoy listening to it.';
export const MAX_PREVIEW_TEXT_LENGTH = 300;
/** A transcript of a sample of at most 30 seconds (the limit for a transcribed sample) fits easily. */
export const MAX_TRANSCRIPT_LENGTH = 1_000;

/**
 * The text fields of the clone form (POST /api/voice/clone, a multipart form; spec section 3,
 * 'Voice clone request'), checked in the spec's order with its messages (section 5), its defaults
 * filled in: English, noise reduction on, the friendly greeting. The audio file travels beside them.
 */
export const cloneVoiceForm = z.object({
  voice_name: z.string({ error: 'Voice name is required' }).trim().min(1, { error: 'Voice name is required' }),
  language_tag: cloneLanguageField,
  preview_text: z
    .string()
    .optional()
    .transform((text) => text?.trim() || DEFAULT_PREVIEW_TEXT)
    .pipe(z.string().max(MAX_PREVIEW_TEXT_LENGTH, { error: 'Sample text must be 300 characters or less.' })),
  /** Anything but 'false' (the form sends 'true' or 'false') keeps the spec's default, on. */
  need_noise_reduction: z
    .string()
    .optional()
    .transform((value) => value !== 'false'),
  /** What is said in the sample, optional (cloning models such as ZipVoice need it); spaces collapsed. */
  sample_transcript: z
    .string()
    .optional()
    .transform((text) => (text ?? '').replace(/\s+/g, ' ').trim())
    .pipe(
      z.string().max(MAX_TRANSCRIPT_LENGTH, { error: 'The sample’s transcript must be 1,000 characters or less.' }),
    ),
});
/** The form's fields as sent: every one a string, any one missing. */
export type CloneVoiceFormFields = Partial<Record<keyof z.input<typeof cloneVoiceForm>, string>>;
/** The form's fields as checked, defaults filled in; an empty transcript means none. */
export type CloneVoiceFormValues = z.output<typeof cloneVoiceForm>;

/** The answer to POST /api/voice/clone (a multipart form: audio, voice_name, language_tag, ...). */
export const clonedVoiceCreated = z.object({
  success: z.literal(true),
  clone_voice_id: z.string(),
  voice_id: z.string(),
  id: z.string(),
  voice_name: z.string(),
  /** The spoken preview's link, or '' when the engine made none. */
  mp3_link: z.string(),
  /** Fitted by measurement rather than learned from the sample (design.md, approximate clones). */
  approximate: z.boolean(),
  /**
   * The provider must verify the voice before it speaks (ElevenLabs' professional checks): the
   * voice is kept, and the studio tells its owner what to do.
   */
  requires_verification: z.boolean(),
});
export type ClonedVoiceCreated = z.infer<typeof clonedVoiceCreated>;

export const clonedVoice = z.object({
  voiceId: z.string(),
  voiceName: z.string(),
  mp3Link: z.string(),
  createdAt: z.string(),
  approximate: z.boolean(),
  language: z.string(),
});
export type ClonedVoice = z.infer<typeof clonedVoice>;

export const clonedVoiceList = z.object({ voices: z.array(clonedVoice) });
export type ClonedVoiceList = z.infer<typeof clonedVoiceList>;

export const voiceDeleted = z.object({ success: z.literal(true) });
export type VoiceDeleted = z.infer<typeof voiceDeleted>;

/** GET /api/voice/:id/sample.mp3 and DELETE /api/voice/:id; a missing id gets the spec's own message. */
export const clonedVoiceParams = z.object({ id: z.string().optional() });
export type ClonedVoiceParams = z.infer<typeof clonedVoiceParams>;
