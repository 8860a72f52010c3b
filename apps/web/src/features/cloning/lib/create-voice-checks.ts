export const MAX_SAMPLE_TEXT = 300;
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
