import type { CloneLanguage } from '@sayso/contract/languages';
import { useState } from 'react';
import { useSiteConfig } from '@/lib/site/get-site-config';
import { type ClonedVoiceResult, useCloneVoice } from '../api/clone-voice';
import { createVoiceFailure, createVoiceProblem } from '../lib/create-voice-checks';
import { greetingFor } from '../lib/languages';
import { useTimedNotice } from './use-timed-notice';

/** What the Create a voice card asks for. */
export interface VoiceDraft {
  voiceName: string;
  noiseReduction: boolean;
  language: CloneLanguage;
  sampleText: string;
  /** What is said in the uploaded sample: optional, and what a cloning model such as ZipVoice learns from. */
  transcript: string;
}

/** The success card under Create Voice. */
export interface CreatedNotice {
  name: string;
  /** The sample was under 500,000 bytes (spec section 4): it may carry little detail of the voice. */
  short: boolean;
  /** The server fits clones to the sample's measurements rather than copying the voice. */
  approximate: boolean;
  /** The speech service must verify the voice before it can speak. */
  requiresVerification: boolean;
}

const SHORT_FILE_BYTES = 500_000;
const CREATED_NOTICE_MS = 6_000;

interface CreateVoiceEvents {
  onCreated: (voice: ClonedVoiceResult) => void;
  onProblem: (message: string) => void;
  /** The saved voices are at the limit: the Voice Limit popup opens. */
  onLimit: () => void;
}

/** The draft of a new voice and its creation, which happens once per uploaded file. */
export function useCreateVoice({ onCreated, onProblem, onLimit }: CreateVoiceEvents) {
  const [draft, setDraft] = useState<VoiceDraft>({
    voiceName: '',
    noiseReduction: true,
    language: 'english',
    sampleText: greetingFor('english'),
    transcript: '',
  });
  // The sample the last voice was made from. A voice counts as created for that file only, so a
  // file chosen while a creation was still running is never marked by its late success.
  const [createdFrom, setCreatedFrom] = useState<File | null>(null);
  const [notice, setNotice] = useTimedNotice<CreatedNotice>(CREATED_NOTICE_MS);
  // Whether anything here cleans a sample's noise; null until the settings arrive.
  const noiseReductionAvailable = useSiteConfig().data?.cloneNoiseReduction ?? null;

  const cloning = useCloneVoice({
    onSuccess: (voice, { file }) => {
      setCreatedFrom(file);
      onCreated(voice);
      setNotice({
        name: voice.voiceName,
        short: (file?.size ?? 0) < SHORT_FILE_BYTES,
        approximate: voice.approximate,
        requiresVerification: voice.requiresVerification,
      });
    },
    onError: (error) => {
      const failure = createVoiceFailure(error);
      if (failure === 'limit') onLimit();
      else onProblem(failure);
    },
  });

  const changeDraft = (change: Partial<VoiceDraft>) => setDraft((current) => ({ ...current, ...change }));

  /** Picking a language puts its greeting in the sample text. */
  const changeLanguage = (language: CloneLanguage) => changeDraft({ language, sampleText: greetingFor(language) });

  /**
   * A new sample was accepted: its file's name becomes the voice name unless one has been typed, and
   * the transcript typed for the previous sample is cleared, as it no longer says what is heard.
   */
  const suggestName = (name: string) =>
    setDraft((current) => ({
      ...current,
      voiceName: current.voiceName.trim() ? current.voiceName : name,
      transcript: '',
    }));

  /** Whether a voice has been made from this file; another voice needs a new file. */
  const createdFor = (file: File | null) => file !== null && file === createdFrom;

  function create(file: File | null, savedVoices: number) {
    const problem = createVoiceProblem({ alreadyCreated: createdFor(file), savedVoices, file, ...draft });
    if (problem === 'limit') return onLimit();
    if (problem) return onProblem(problem);
    cloning.mutate({
      file,
      voiceName: draft.voiceName,
      options: {
        // The contract's tag: the server takes it as it is, whatever the list shows for it.
        languageTag: draft.language,
        // Never asked for where nothing would do it: the request says what really happens.
        noiseReduction: draft.noiseReduction && noiseReductionAvailable !== false,
        previewText: draft.sampleText,
        transcript: draft.transcript,
      },
    });
  }

  return {
    draft,
    changeDraft,
    changeLanguage,
    suggestName,
    createdFor,
    creating: cloning.isPending,
    create,
    notice,
    noiseReductionAvailable,
  };
}
