import { useCallback, useState } from 'react';
import { accountFigures } from '@/lib/account/account-figures';
import { useMe } from '@/lib/account/get-me';
import { generateProblem, MAX_CLONE_TEXT } from '../lib/generate-checks';
import { baseName } from '../lib/upload-validation';
import { useCloneGeneration } from './use-clone-generation';
import { useCreateVoice } from './use-create-voice';
import { useSampleFile } from './use-sample-file';
import { rememberClonedVoice, type SelectedVoice, useSavedVoices } from './use-saved-voices';

/**
 * Where a message shows: beside the control it is about, so that on a phone, where the cards are
 * stacked, it appears where the visitor is looking rather than at the top of the page.
 * 'page' is for what concerns the whole page when it opens (the saved voices could not be loaded).
 */
export type MessagePlace = 'page' | 'upload' | 'create' | 'generate' | 'voices';

export interface StudioMessage {
  place: MessagePlace;
  text: string;
}

/** Why /dashboard3's Generate cannot be pressed yet, in the order a person would fix it. */
export function cloneGenerateBlocker({
  voicesLoading,
  voiceChosen,
  creating,
  text,
}: {
  voicesLoading: boolean;
  voiceChosen: boolean;
  creating: boolean;
  text: string;
}): string | null {
  if (creating) return 'Creating your voice…';
  if (voicesLoading) return 'Loading your voices…';
  if (!voiceChosen) return 'Create or choose a voice first';
  if (!text.trim()) return 'Enter some text';
  if (text.length > MAX_CLONE_TEXT) return `Shorten the text to ${MAX_CLONE_TEXT.toLocaleString('en-US')} characters`;
  return null;
}

/**
 * Everything /dashboard3 keeps: the sample, the new voice, the saved voices, the text and its
 * generation, the popups, and the one message at a time they all report to (each next to its control).
 */
export function useCloneStudio(start: { text: string; voice: SelectedVoice } | null = null) {
  const me = useMe();
  const [message, setMessage] = useState<StudioMessage | null>(null);
  const [text, setText] = useState(start?.text ?? '');
  const [lastAttemptAt, setLastAttemptAt] = useState<number | null>(null);
  const [voicesOpen, setVoicesOpen] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [creditsOpen, setCreditsOpen] = useState(false);
  const [dictionaryIds, setDictionaryIds] = useState<string[]>([]);

  // Stable, so the saved voices' effect that reports a failed load does not run again on each render.
  const reportVoicesProblem = useCallback(
    (text: string, when: 'loading' | 'deleting') => setMessage({ place: when === 'loading' ? 'page' : 'voices', text }),
    [],
  );
  const report = (place: MessagePlace) => (text: string) => setMessage({ place, text });
  const clearMessage = () => setMessage(null);

  const saved = useSavedVoices(reportVoicesProblem, start?.voice ?? null);
  const voice = useCreateVoice({
    onCreated: (created) => saved.select({ id: created.voiceId, name: created.voiceName }),
    onProblem: report('create'),
    onLimit: () => setLimitOpen(true),
  });
  const sample = useSampleFile({
    onCleared: clearMessage,
    onProblem: report('upload'),
    onAccepted: (chosen) => voice.suggestName(baseName(chosen.name)),
  });
  const { state: generation, justFinished, generate } = useCloneGeneration();

  const credits = me.data ? accountFigures(me.data).credits : null;

  function createVoice() {
    clearMessage();
    voice.create(sample.file, saved.list.length);
  }

  function startGeneration() {
    clearMessage();
    const now = Date.now();
    const problem = generateProblem({ now, lastAttemptAt, voiceId: saved.selected?.id ?? null, text });
    if (problem) {
      report('generate')(problem);
      return;
    }
    setLastAttemptAt(now);
    if (credits !== null && credits < Math.max(1, text.trim().length)) {
      setCreditsOpen(true);
      return;
    }
    if (saved.selected) rememberClonedVoice(saved.selected.id);
    void generate({ text, voiceId: saved.selected?.id ?? '', speed: 1, volume: 1, pitch: 0, dictionaryIds });
  }

  return {
    credits,
    /** The pronunciation dictionaries applied to what the studio generates. */
    dictionaryIds,
    setDictionaryIds,
    /** The message to show at `place`: the studio's own, else under Generate a failed generation's. */
    messageAt: (place: MessagePlace): string | null => {
      if (message?.place === place) return message.text;
      return place === 'generate' && generation.phase === 'error' ? generation.message : null;
    },
    /** Whether the message under Generate is a corrupted-voice failure, which lists what to do about it. */
    voiceRemediesShown:
      message?.place !== 'generate' && generation.phase === 'error' && generation.voiceProcessing === true,
    sample,
    voice,
    createVoice,
    saved,
    text,
    setText,
    generation,
    justFinished,
    /** Why Generate cannot be pressed now, said beside it; null when it can (a running generation says so itself). */
    generateBlocker: cloneGenerateBlocker({
      voicesLoading: saved.loading && saved.selected === null,
      voiceChosen: saved.selected !== null,
      creating: voice.creating,
      text,
    }),
    startGeneration,
    dialogs: { voicesOpen, setVoicesOpen, limitOpen, setLimitOpen, creditsOpen, setCreditsOpen },
  };
}
