import { type ClonedVoiceCreated, type CloneVoiceFormFields, DEFAULT_PREVIEW_TEXT } from '@sayso/contract/voices';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { spacedRequest } from '@/lib/speech-task/spaced-request';
import { CloneRequestProblem, NO_VOICE_ID_MESSAGE } from '../lib/create-voice-checks';
import { clonedVoicesQuery } from './cloned-voices';

export interface CloneOptions {
  languageTag?: string;
  noiseReduction?: boolean;
  previewText?: string;
  /** What is said in the sample; sent only when typed (some cloning models need it). */
  transcript?: string;
}

export interface CreatedVoice {
  voiceId: string | null;
  voiceName: string;
  sampleLink: string;
  approximate: boolean;
  /** The provider verifies the voice before it speaks. */
  requiresVerification: boolean;
}

/**
 * The contract's clone answer, read defensively: every field may be missing or of another type, the
 * spec's other names for the name and the sample may stand in, and all may sit inside `data`.
 */
type CloneAnswerFields = Partial<Record<keyof ClonedVoiceCreated | 'name' | 'audio_url' | 'sample_audio', unknown>>;
type CloneAnswer = CloneAnswerFields & { data?: CloneAnswerFields };

const text = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** Reads the answer's id, name and sample link from any of the spec's field names, inside `data` or not. */
export function readCloneAnswer(answer: CloneAnswer, fallbackName: string): CreatedVoice {
  const body = answer.data && typeof answer.data === 'object' ? answer.data : answer;
  const voiceId = text(body.clone_voice_id) || text(body.id) || text(body.voice_id) || null;
  return {
    voiceId,
    voiceName: text(body.voice_name) || text(body.name) || fallbackName,
    sampleLink: text(body.mp3_link) || text(body.audio_url) || text(body.sample_audio),
    approximate: body.approximate === true,
    requiresVerification: body.requires_verification === true,
  };
}

/** The spec's clone helper: checks its inputs, fills the defaults, and posts the multipart form. */
export async function cloneVoice(file: unknown, voiceName: string, options: CloneOptions = {}): Promise<CreatedVoice> {
  if (!(file instanceof File)) throw new CloneRequestProblem('Audio file is required and must be a valid File object');
  if (!voiceName.trim()) throw new CloneRequestProblem('Voice name is required');
  if (file.size > 20 * 1024 * 1024) {
    throw new CloneRequestProblem(
      `File too large. Maximum size: 20MB, your file: ${(file.size / 1024 / 1024).toFixed(2)}MB`,
    );
  }
  const transcript = options.transcript?.trim();
  // The contract names the form's fields (and the server checks them by its schema).
  const fields: CloneVoiceFormFields = {
    voice_name: voiceName.trim(),
    language_tag: options.languageTag || 'English',
    preview_text: options.previewText?.trim() || DEFAULT_PREVIEW_TEXT,
    need_noise_reduction: String(options.noiseReduction ?? true),
    ...(transcript ? { sample_transcript: transcript } : {}),
  };
  const form = new FormData();
  form.append('audio', file, file.name);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  const answer = await spacedRequest<CloneAnswer>('/voice/clone', { method: 'POST', body: form });
  return readCloneAnswer(answer, voiceName.trim());
}

export interface CloneVoiceInput {
  file: File | null;
  voiceName: string;
  options: CloneOptions;
}

export type ClonedVoiceResult = CreatedVoice & { voiceId: string };

/**
 * Creates a voice, then refreshes the saved voices; the mutation stays pending until they are
 * read again. An answer without a voice id counts as a failure.
 */
export function useCloneVoice(callbacks: {
  onSuccess: (voice: ClonedVoiceResult, input: CloneVoiceInput) => void;
  onError: (error: unknown) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, voiceName, options }: CloneVoiceInput): Promise<ClonedVoiceResult> => {
      const created = await cloneVoice(file, voiceName, options);
      if (!created.voiceId) throw new CloneRequestProblem(NO_VOICE_ID_MESSAGE);
      return { ...created, voiceId: created.voiceId };
    },
    onSuccess: async (voice, input) => {
      callbacks.onSuccess(voice, input);
      await queryClient.invalidateQueries({ queryKey: clonedVoicesQuery.queryKey });
    },
    onError: callbacks.onError,
  });
}
