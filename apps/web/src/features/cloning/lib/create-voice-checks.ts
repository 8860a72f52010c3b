import { ApiError, NETWORK_ERROR_CODE } from '@/lib/api-client';

export const MAX_SAMPLE_TEXT = 300;
/** The server's limit for the sample's transcript. */
export const MAX_TRANSCRIPT = 1_000;
export const MAX_VOICES = 5;

export interface CreateVoiceState {
  alreadyCreated: boolean;
  savedVoices: number;
  file: unknown;
  voiceName: string;
  sampleText: string;
}

/** What stops a voice from being created, in the spec's order; 'limit' opens the Voice Limit popup. */
export function createVoiceProblem(state: CreateVoiceState): string | 'limit' | null {
  if (state.alreadyCreated) return 'Voice has already been created. Please upload a new file to create another voice.';
  if (state.savedVoices >= MAX_VOICES) return 'limit';
  if (!state.file) return 'Please upload an audio file first.';
  if (!state.voiceName.trim()) return 'Please enter a voice name.';
  if (!state.sampleText.trim()) return 'Please enter sample text.';
  if (state.sampleText.length > MAX_SAMPLE_TEXT) return 'Sample text must be 300 characters or less.';
  if (!(state.file instanceof File)) return 'Invalid file object. Please upload the file again.';
  if (state.file.size === 0) return 'The uploaded file is empty. Please select a valid audio file.';
  return null;
}

export const NO_VOICE_ID_MESSAGE = 'Voice creation response invalid - no voice ID returned. Please contact support.';

export const NOT_AUTHENTICATED_MESSAGE = 'User not authenticated. Please log in again.';
export const CREATE_FAILED_MESSAGE = 'Failed to create voice. Please try again.';
export const LOAD_VOICES_FAILED_MESSAGE = 'Failed to load cloned voices.';
export const DELETE_FAILED_MESSAGE = 'Failed to delete voice. Please try again.';

/**
 * A check of the clone helper's own that failed before anything was sent (spec section 8's helper
 * messages): its words are the web's, and the page shows them as they are.
 */
export class CloneRequestProblem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloneRequestProblem';
  }
}

/**
 * The server's refusals, by code (docs/api.md), whose words say what to change in the form or the
 * sample: the page shows them as sent. Any other code gets the spec's generic line.
 */
const SHOWN_AS_SENT = new Set([
  NETWORK_ERROR_CODE,
  'SAMPLE_MISSING',
  'SAMPLE_EMPTY',
  'SAMPLE_TOO_LARGE',
  'SAMPLE_UNREADABLE',
  'SAMPLE_UNSUPPORTED',
  'SAMPLE_TOO_SHORT',
  'SAMPLE_TOO_LONG',
  'VOICE_NAME_REQUIRED',
  'PREVIEW_TEXT_TOO_LONG',
  'TRANSCRIPT_TOO_LONG',
  'CLONE_LANGUAGE_UNSUPPORTED',
  // The engine's word on the sample: a transcript it needs, one too long, no voice heard.
  'CLONE_SAMPLE_REFUSED',
]);

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/**
 * What the page shows when creating a voice fails: 'limit' opens the Voice Limit popup, a 401 asks
 * to log in again, the helper's own checks and the server's form and sample refusals pass through,
 * and anything else (a provider outage, a server bug) becomes the spec's generic 'Failed to create
 * voice' line. Decided by class, status and code: a reworded message changes nothing.
 */
export function createVoiceFailure(error: unknown): string | 'limit' {
  if (error instanceof CloneRequestProblem) return error.message;
  if (!(error instanceof ApiError)) return CREATE_FAILED_MESSAGE;
  if (error.status === 401) return NOT_AUTHENTICATED_MESSAGE;
  if (error.code === 'VOICE_LIMIT_REACHED') return 'limit';
  if (error.code && SHOWN_AS_SENT.has(error.code)) return error.message;
  return CREATE_FAILED_MESSAGE;
}

/** Loading or deleting voices failed: a 401 asks to log in again, anything else gets the given spec line. */
export const voicesRequestFailure = (error: unknown, fallback: string) =>
  statusOf(error) === 401 ? NOT_AUTHENTICATED_MESSAGE : fallback;
