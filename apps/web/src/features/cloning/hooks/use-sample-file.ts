import { useRef, useState } from 'react';
import { type ConversionProgress, conversionErrorMessage, convertToMp3, readDuration } from '../lib/audio-conversion';
import { extensionOf, validateUpload } from '../lib/upload-validation';

export interface Conversion {
  fileName: string;
  progress: ConversionProgress;
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
    setFile(null);
    onCleared();
    setConversion(null);
  };

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
    const controller = new AbortController();
    conversionControl.current = controller;
    setConversion({ fileName: chosen.name, progress: { stage: 'reading', percent: 0 } });
    try {
      const mp3 = await convertToMp3(
        chosen,
        (progress) => setConversion({ fileName: chosen.name, progress }),
        controller.signal,
      );
      await new Promise((resolve) => setTimeout(resolve, COMPLETE_SHOWN_MS));
      if (controller.signal.aborted) return;
      setConversion(null);
      setFile(mp3);
    } catch (conversionError) {
      setConversion(null);
      setFile(null);
      onProblem(conversionErrorMessage(conversionError));
    }
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
