import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

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

/** The spec's own upload and create-voice messages: shown as they are when the server (or helper) sends them. */
const SPEC_MESSAGES = new Set([
  NO_VOICE_ID_MESSAGE,
  'File size exceeds 20MB limit.',
  'Audio file must be at least 10 seconds long.',
  'Audio file must be no longer than 5 minutes (300 seconds).',
  "Unable to read audio file. Please make sure it's a valid audio file.",
  'Please upload an audio file first.',
  'Please enter a voice name.',
  'Please enter sample text.',
  'Sample text must be 300 characters or less.',
  'Invalid file object. Please upload the file again.',
  'The uploaded file is empty. Please select a valid audio file.',
  'Audio file is required and must be a valid File object',
  'Voice name is required',
  NETWORK_ERROR_MESSAGE,
]);
const SPEC_PATTERNS = [
  /^File too large\. Maximum size: 20MB, your file: [\d.]+MB$/,
  /^Unsupported file format: \w*\. Please upload a valid audio or video file\.$/,
];

const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : null);

/**
 * What the page shows when creating a voice fails: 'limit' opens the Voice Limit popup, a 401 asks
 * to log in again, the spec's own upload and create messages pass through, and anything else (a
 * provider outage, a server bug) becomes the spec's generic 'Failed to create voice' line.
 */
export function createVoiceFailure(error: unknown): string | 'limit' {
  if (statusOf(error) === 401) return NOT_AUTHENTICATED_MESSAGE;
  const message = error instanceof Error ? error.message : '';
  if (/maximum limit of 5 cloned voices/.test(message)) return 'limit';
  if (SPEC_MESSAGES.has(message) || SPEC_PATTERNS.some((pattern) => pattern.test(message))) return message;
  // The server's own word on the transcript (a cloning model that needs one, or one too long) says
  // what to change, which the generic line would not.
  if (statusOf(error) === 400 && /transcript/i.test(message)) return message;
  return CREATE_FAILED_MESSAGE;
}

/** Loading or deleting voices failed: a 401 asks to log in again, anything else gets the given spec line. */
export const voicesRequestFailure = (error: unknown, fallback: string) =>
  statusOf(error) === 401 ? NOT_AUTHENTICATED_MESSAGE : fallback;
