import { speechText } from '@sayso/contract/speech';
import { codeOfMessage } from '../../http/error-codes.js';
import { AppError } from '../../http/errors.js';

export const DEMO_MAX_TEXT_LENGTH = 150;

/**
 * The spec's text rules (the contract's `speechText`, section 5) for text that did not come
 * through a route's schema: a stored task's text, or what a caller inside the server hands an
 * engine. Requests are checked by their route's schema; this is the same rule, with the same words.
 */
export function checkSpeechText(text: unknown): string {
  const checked = speechText.safeParse(text);
  if (checked.success) return checked.data;
  const message = checked.error.issues[0]?.message ?? 'Text is required';
  // The rule's words are the registry's (TEXT_REQUIRED, TEXT_OVER_LIMIT), so they keep their code.
  throw AppError.withMessage(codeOfMessage(message) ?? 'VALIDATION_FAILED', message);
}

/** Sliders outside the spec's ranges are clamped, not refused: the screen never sends them. */
export function clampSettings(input: { speed?: number; pitch?: number; vol?: number; volume?: number }) {
  const clamp = (value: number | undefined, min: number, max: number, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : fallback;
  return {
    speed: clamp(input.speed, 0.5, 2, 1),
    pitch: Math.round(clamp(input.pitch, -10, 10, 0)),
    volume: clamp(input.volume ?? input.vol, 0, 2, 1),
  };
}
