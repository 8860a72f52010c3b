import type { Voice } from '@sayso/contract/speech';
import { type ComponentType, createContext, useContext } from 'react';

/** What the projects screens need of a voice library dialog: the studios' picker fits it. */
export interface VoicePickerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  voices: Voice[];
  selectedId: string | null;
  onSelect: (voice: Voice, language: string | null) => void;
}

/**
 * The voice library dialog, given by the page: features do not import each other (decision 0013),
 * so the app hands the studios' picker to the projects screens here.
 */
export const VoicePickerContext = createContext<ComponentType<VoicePickerProps> | null>(null);

export function useVoicePicker(): ComponentType<VoicePickerProps> {
  const picker = useContext(VoicePickerContext);
  if (!picker) throw new Error('The projects screens need a VoicePickerContext provider.');
  return picker;
}
