import { useRef, useState } from 'react';
import { convertToMp3, readDuration } from '../lib/audio-conversion';
import { conversionErrorMessage } from '../lib/conversion-errors';
import { createProgressFeed, type ProgressFeed } from '../lib/progress-feed';
import { extensionOf, validateUpload } from '../lib/upload-validation';

export interface Conversion {
  fileName: string;
  /** Changes as the conversion runs, without a new `Conversion`: see ProgressFeed. */
  progress: ProgressFeed;
}

/** How long the conversion popup shows 'complete' before it closes. */
const COMPLETE_SHOWN_MS = 500;

interface SampleFileEvents {
  /** The file was removed, or a new one chosen in its place. */
  onCleared: () => void;
  /** The file was refused or could not be converted. */
  onProblem: (message: string) => void;
  /** The file passed the upload checks (it may still need converting). */
  onAccepted: (file: File) => void;
}

/** The sample to clone from: checked, then converted to MP3 in the browser unless it is one already. */
export function useSampleFile({ onCleared, onProblem, onAccepted }: SampleFileEvents) {
  const [file, setFile] = useState<File | null>(null);
  const [validating, setValidating] = useState(false);
  const [conversion, setConversion] = useState<Conversion | null>(null);
  const conversionControl = useRef<AbortController | null>(null);

  const clear = () => {
    // A conversion still running belongs to the file being cleared: stop it, or it would land later.
    conversionControl.current?.abort();
    conversionControl.current = null;
    setFile(null);
    onCleared();
    setConversion(null);
  };

  async function convert(chosen: File) {
    const controller = new AbortController();
    conversionControl.current = controller;
    const progress = createProgressFeed({ stage: 'reading', percent: 0 });
    setConversion({ fileName: chosen.name, progress });
    try {
      const mp3 = await convertToMp3(chosen, progress.publish, controller.signal);
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_SHOWN_MS));
      if (controller.signal.aborted) return;
      conversionControl.current = null;
      setConversion(null);
      setFile(mp3);
    } catch (conversionError) {
      // Replaced or removed meanwhile: the newer choice owns the screen now.
      if (conversionControl.current !== controller) return;
      conversionControl.current = null;
      setConversion(null);
      setFile(null);
      onProblem(conversionErrorMessage(conversionError));
    }
  }

  async function choose(chosen: File) {
    clear();
    setValidating(true);
    const problem = await validateUpload(chosen, readDuration);
    setValidating(false);
    if (problem) {
      onProblem(problem);
      return;
    }
    onAccepted(chosen);
    if (extensionOf(chosen.name) === 'mp3' || chosen.type === 'audio/mpeg') {
      setFile(chosen);
      return;
    }
    await convert(chosen);
  }

  return {
    file,
    validating,
    conversion,
    choose,
    clear,
    cancelConversion: () => conversionControl.current?.abort(),
  };
}
