import { useMutation, useQueryClient } from '@tanstack/react-query';
import { meQueryKey } from '@/lib/account/get-me';
import { apiRequest } from '@/lib/api-client';

/** A line as the studio sends it: who says it (a name for the transcript), with which voice, and what. */
export interface DialogueLineRequest {
  speaker: string;
  voice_id: string;
  text: string;
}

/** One line of the spoken dialogue's transcript, placed in its audio. */
export interface SpokenDialogueLine {
  speaker: string;
  voice_id: string;
  voice_name: string;
  text: string;
  start_ms: number;
  end_ms: number;
}

/** POST /api/dialogue's answer: the one audio (from the history) and its transcript by speaker. */
export interface SpokenDialogue {
  task_id: string;
  audio_url: string;
  characters: number;
  duration_ms: number;
  lines: SpokenDialogueLine[];
}

export const speakDialogue = (lines: DialogueLineRequest[]) =>
  apiRequest<SpokenDialogue>('/dialogue', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ lines }),
  });

/** Speaks a dialogue; the account's credits and the history change, so both are read again. */
export function useSpeakDialogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: speakDialogue,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      void queryClient.invalidateQueries({ queryKey: ['history'] });
    },
  });
}
