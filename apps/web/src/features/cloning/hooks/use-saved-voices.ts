import type { ClonedVoice } from '@sayso/contract/voices';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { arrivalClonedVoice, rememberedVoice, rememberVoice } from '@/lib/arrival-voice';
import { clonedVoicesQuery, deleteClonedVoice } from '../api/cloned-voices';
import { DELETE_FAILED_MESSAGE, LOAD_VOICES_FAILED_MESSAGE, voicesRequestFailure } from '../lib/create-voice-checks';
import { useTimedNotice } from './use-timed-notice';

/** The voice that speaks the text. */
export interface SelectedVoice {
  id: string;
  name: string;
}

const SELECTED_NOTICE_MS = 3_000;

/** Where this browser keeps the cloned voice last spoken with, so /dashboard3 opens with it. */
const LAST_CLONED_VOICE_KEY = 'sayso.last-cloned-voice';

/** Notes the voice a generation used, for the next visit. */
export const rememberClonedVoice = (voiceId: string) => rememberVoice(LAST_CLONED_VOICE_KEY, voiceId);

/** The saved cloned voices, which one is selected, and deleting them. */
export function useSavedVoices(
  onProblem: (message: string, when: 'loading' | 'deleting') => void,
  /** The voice to start with ("Use in studio" from the history). */
  initial: SelectedVoice | null = null,
) {
  const queryClient = useQueryClient();
  const voices = useQuery(clonedVoicesQuery);
  const [selected, setSelected] = useState<SelectedVoice | null>(initial);
  const [selectedNotice, setSelectedNotice] = useTimedNotice<string>(SELECTED_NOTICE_MS);

  // On arrival, with nothing chosen yet: the voice used last, else the newest. Only once, so a
  // voice deleted later is not silently replaced by another.
  const arrived = useRef(initial !== null);
  useEffect(() => {
    if (arrived.current || !voices.data) return;
    arrived.current = true;
    const voice = arrivalClonedVoice(voices.data, rememberedVoice(LAST_CLONED_VOICE_KEY));
    if (voice) setSelected((current) => current ?? { id: voice.voiceId, name: voice.voiceName });
  }, [voices.data]);

  useEffect(() => {
    if (voices.isError) onProblem(voicesRequestFailure(voices.error, LOAD_VOICES_FAILED_MESSAGE), 'loading');
  }, [voices.isError, voices.error, onProblem]);

  /** Picks a saved voice from the list, with a line saying so. */
  const use = (voice: ClonedVoice) => {
    setSelected({ id: voice.voiceId, name: voice.voiceName });
    rememberClonedVoice(voice.voiceId);
    setSelectedNotice(`Voice "${voice.voiceName}" selected! You can now generate TTS with this voice.`);
  };

  async function remove(voice: ClonedVoice) {
    try {
      await deleteClonedVoice(voice.voiceId);
      if (selected?.id === voice.voiceId) setSelected(null);
      await queryClient.invalidateQueries({ queryKey: clonedVoicesQuery.queryKey });
    } catch (deleteError) {
      onProblem(voicesRequestFailure(deleteError, DELETE_FAILED_MESSAGE), 'deleting');
    }
  }

  return {
    list: voices.data ?? [],
    loading: voices.isLoading,
    selected,
    select: setSelected,
    use,
    remove,
    selectedNotice,
  };
}
