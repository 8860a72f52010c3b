import type { HistorySettings } from '@sayso/contract/history';
import { useLocation } from 'react-router';

/**
 * What "Use in studio" on the history page carries back into a studio: the text, the voice and the
 * settings a generation was made with. It travels in the router's history state, so it survives a
 * reload of the studio but never shows in the address bar (the text can be long and private).
 */
export interface StudioPrefill {
  studio: 'preset' | 'clone';
  text: string;
  voiceId: string;
  voiceName: string;
  modelId: string | null;
  settings: HistorySettings;
}

/** The studio each kind of prefill opens. */
export const STUDIO_PATHS = { preset: '/dashboard2', clone: '/dashboard3' } as const satisfies Record<
  StudioPrefill['studio'],
  string
>;

/** The navigation that opens a studio filled in with `prefill`. */
export function studioLink(prefill: StudioPrefill): { to: string; state: { prefill: StudioPrefill } } {
  return { to: STUDIO_PATHS[prefill.studio], state: { prefill } };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** History state outlives the code that wrote it (a reload after an upgrade): check every field. */
function isPrefill(value: unknown): value is StudioPrefill {
  if (!isRecord(value) || !isRecord(value.settings)) return false;
  const { settings } = value;
  return (
    (value.studio === 'preset' || value.studio === 'clone') &&
    typeof value.text === 'string' &&
    typeof value.voiceId === 'string' &&
    typeof value.voiceName === 'string' &&
    (value.modelId === null || typeof value.modelId === 'string') &&
    isNumber(settings.speed) &&
    isNumber(settings.pitch) &&
    isNumber(settings.volume) &&
    (settings.language === null || typeof settings.language === 'string')
  );
}

/** Reads a prefill from a router state, or null when there is none (or it is for the other studio). */
export function prefillFrom(state: unknown, studio: StudioPrefill['studio']): StudioPrefill | null {
  if (!isRecord(state) || !isPrefill(state.prefill)) return null;
  return state.prefill.studio === studio ? state.prefill : null;
}

/** The prefill this studio was opened with; the studio copies it into its own state once. */
export function useStudioPrefill(studio: StudioPrefill['studio']): StudioPrefill | null {
  return prefillFrom(useLocation().state, studio);
}
