export const COOLDOWN_MS = 5_000;
export const MAX_CLONE_TEXT = 5_000;

/** The /dashboard3 generate checks (spec section 5), in order; null when generating may start. */
export function generateProblem(state: {
  now: number;
  lastAttemptAt: number | null;
  voiceId: string | null;
  text: string;
}): string | null {
  if (state.lastAttemptAt !== null && state.now - state.lastAttemptAt < COOLDOWN_MS) {
    const seconds = Math.ceil((COOLDOWN_MS - (state.now - state.lastAttemptAt)) / 1000);
    return `Please wait ${seconds} more seconds before generating again.`;
  }
  if (!state.voiceId) return 'Please select or create a voice first.';
  if (!state.text.trim()) return 'Please enter text to generate.';
  if (state.text.length > MAX_CLONE_TEXT) {
    return 'Text is too long. Please keep it under 5000 characters. Longer texts may cause processing errors.';
  }
  return null;
}
