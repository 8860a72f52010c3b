import { z } from 'zod';

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
