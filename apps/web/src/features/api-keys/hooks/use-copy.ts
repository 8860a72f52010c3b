import { useEffect, useRef, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

/** How long "Copied" shows before the button reads "Copy" again. */
const COPIED_FOR_MS = 2_000;

/**
 * Copies text to the clipboard and says how it went. The clipboard can refuse (no permission, an
 * insecure origin), so failure is a state the button shows rather than an error thrown away.
 */
export function useCopy(): { state: CopyState; copy: (text: string | (() => Promise<string>)) => Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async (text: string | (() => Promise<string>)) => {
    clearTimeout(timer.current);
    try {
      const value = typeof text === 'string' ? text : await text();
      await navigator.clipboard.writeText(value);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    } catch {
      setState('failed');
    }
  };
  return { state, copy };
}
