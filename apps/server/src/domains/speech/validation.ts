import { AppError } from '../../http/errors.js';

export const MAX_TEXT_LENGTH = 50_000;
export const DEMO_MAX_TEXT_LENGTH = 150;

const bad = (message: string) => new AppError(400, message, 'INVALID_SPEECH_REQUEST');

/** The spec's checks on a speech request, in its order, with its messages (section 5). */
export function checkSpeechText(text: unknown): string {
  if (typeof text !== 'string' || text.trim().length === 0) throw bad('Text is required');
  if (text.length > MAX_TEXT_LENGTH) throw bad('Text exceeds maximum length of 50,000 characters');
  return text;
}

export function checkVoiceId(voiceId: unknown): string {
  if (typeof voiceId !== 'string' || voiceId.trim().length === 0) throw bad('Voice ID is required');
  return voiceId.trim();
}

export function checkModelId(modelId: unknown): string {
  if (typeof modelId !== 'string' || modelId.trim().length === 0) throw bad('Model ID is required');
  return modelId.trim();
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
