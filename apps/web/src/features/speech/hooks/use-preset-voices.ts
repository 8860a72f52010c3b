import type { Voice } from '@sayso/contract/speech';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { preferencesQuery, savePreferredVoice } from '../api/preferences';
import { modelsQuery, voicesQuery } from '../api/voices';

/** A voice, language and model to start with instead of the remembered voice ("Use in studio" from the history). */
export interface PresetStart {
  voiceId: string;
  language: string | null;
  modelId: string | null;
}

/**
 * The /dashboard2 choices: the voice (restored from, and saved to, the preferences, unless the
 * studio was opened with one), its language and the model.
 */
export function usePresetVoices(start: PresetStart | null = null) {
  const voices = useQuery(voicesQuery);
  const models = useQuery(modelsQuery);
  const preferences = useQuery(preferencesQuery);
  const savePreference = useMutation({ mutationFn: (voice: Voice) => savePreferredVoice(voice.voice_id, voice.name) });

  const [voiceId, setVoiceId] = useState<string | null>(start?.voiceId ?? null);
  const [language, setLanguage] = useState<string | null>(start?.language ?? null);
  const [modelId, setModelId] = useState<string | null>(start?.modelId ?? null);

  const voiceList = voices.data?.voices ?? [];
  const selectedVoice = voiceList.find((voice) => voice.voice_id === voiceId) ?? null;
  const modelList = models.data?.models ?? [];
  // A model the list no longer offers (an old generation's) falls back to the first one.
  const activeModel =
    (modelId && modelList.some((model) => model.model_id === modelId) ? modelId : null) ?? modelList[0]?.model_id ?? '';

  // Restore the preferred voice once both the voices and the preference are known.
  useEffect(() => {
    const preferred = preferences.data?.preferredVoiceId;
    if (voiceId === null && preferred && voiceList.some((voice) => voice.voice_id === preferred)) setVoiceId(preferred);
  }, [preferences.data, voiceList, voiceId]);

  const chooseVoice = (voice: Voice, chosenLanguage: string | null) => {
    setVoiceId(voice.voice_id);
    setLanguage(chosenLanguage);
    savePreference.mutate(voice);
  };

  return {
    voiceList,
    voiceId,
    selectedVoice,
    language,
    chooseVoice,
    /** The server's list could not be read, so the built-in one shows. */
    fallbackVoices: voices.data?.fallback === true,
    modelList,
    /** The model list has not arrived yet (calls are spaced a second apart, so this can take a while). */
    modelsLoading: models.isPending,
    activeModel,
    chooseModel: setModelId,
  };
}
