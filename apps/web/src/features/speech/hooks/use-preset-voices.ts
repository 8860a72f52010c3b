import type { Voice } from '@sayso/contract/speech';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { arrivalVoice, browserLanguages } from '@/lib/arrival-voice';
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

  // On arrival, once the voices are known and the remembered voice is (or cannot be): that voice
  // while it is still offered, else the most natural one for the browser's language. Choosing
  // for the user is not their choice, so nothing is saved until they pick a voice themselves.
  const preferencesSettled = !preferences.isPending;
  useEffect(() => {
    if (voiceId !== null || !preferencesSettled || voiceList.length === 0) return;
    const candidates = voiceList.map((voice) => ({
      id: voice.voice_id,
      kind: voice.kind ?? null,
      locale: voice.locale,
      language: voice.language,
    }));
    setVoiceId(arrivalVoice(candidates, preferences.data?.preferredVoiceId ?? null, browserLanguages()));
  }, [preferencesSettled, preferences.data, voiceList, voiceId]);

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
    /** The voice list has not arrived yet, so no voice can be chosen. */
    voicesLoading: voices.isPending || (voiceId === null && preferences.isPending),
    modelList,
    /** The model list has not arrived yet (calls are spaced a second apart, so this can take a while). */
    modelsLoading: models.isPending,
    activeModel,
    chooseModel: setModelId,
  };
}
