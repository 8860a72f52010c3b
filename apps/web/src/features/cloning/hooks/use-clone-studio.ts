import { useState } from 'react';
import { accountFigures } from '@/lib/account/account-figures';
import { useMe } from '@/lib/account/get-me';
import { generateProblem, MAX_CLONE_TEXT } from '../lib/generate-checks';
import { baseName } from '../lib/upload-validation';
import { useCloneGeneration } from './use-clone-generation';
import { useCreateVoice } from './use-create-voice';
import { useSampleFile } from './use-sample-file';
import { useSavedVoices } from './use-saved-voices';

/**
 * Everything /dashboard3 keeps: the sample, the new voice, the saved voices, the text and its
 * generation, the popups, and the one error line they all report to.
 */
export function useCloneStudio() {
  const me = useMe();
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [lastAttemptAt, setLastAttemptAt] = useState<number | null>(null);
  const [voicesOpen, setVoicesOpen] = useState(false);
  const [limitOpen, setLimitOpen] = useState(false);
  const [creditsOpen, setCreditsOpen] = useState(false);

  const saved = useSavedVoices(setError);
  const voice = useCreateVoice({
    onCreated: (created) => saved.select({ id: created.voiceId, name: created.voiceName }),
    onProblem: setError,
    onLimit: () => setLimitOpen(true),
  });
  const sample = useSampleFile({
    onCleared: () => {
      voice.allowAnother();
      setError(null);
    },
    onProblem: setError,
    onAccepted: (chosen) => voice.suggestName(baseName(chosen.name)),
  });
  const { state: generation, justFinished, generate } = useCloneGeneration();

  const credits = me.data ? accountFigures(me.data).credits : null;
  const generating = generation.phase === 'generating';

  function createVoice() {
    setError(null);
    voice.create(sample.file, saved.list.length);
  }

  function startGeneration() {
    setError(null);
    const now = Date.now();
    const problem = generateProblem({ now, lastAttemptAt, voiceId: saved.selected?.id ?? null, text });
    if (problem) {
      setError(problem);
      return;
    }
    setLastAttemptAt(now);
    if (credits !== null && credits < Math.max(1, text.trim().length)) {
      setCreditsOpen(true);
      return;
    }
    void generate({ text, voiceId: saved.selected?.id ?? '', speed: 1, volume: 1, pitch: 0 });
  }

  return {
    credits,
    /** The error line: the studio's own first, else the generation's. */
    error: error ?? (generation.phase === 'error' ? generation.message : null),
    sample,
    voice,
    createVoice,
    saved,
    text,
    setText,
    generation,
    justFinished,
    canGenerate:
      !generating &&
      Boolean(text.trim()) &&
      saved.selected !== null &&
      !voice.creating &&
      text.length <= MAX_CLONE_TEXT,
    startGeneration,
    dialogs: { voicesOpen, setVoicesOpen, limitOpen, setLimitOpen, creditsOpen, setCreditsOpen },
  };
}
