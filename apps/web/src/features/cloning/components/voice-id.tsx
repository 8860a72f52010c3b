import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** How long "Copied" shows before the button offers to copy again. */
const COPIED_FOR_MS = 2_000;

/**
 * A cloned voice's ID in full, in a typewriter face that keeps similar characters apart and wraps
 * anywhere rather than being cut off, with a button that copies it (for the API, or for support).
 */
export function VoiceId({ voiceId, voiceName }: { voiceId: string; voiceName: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(voiceId);
      setState('copied');
      timer.current = setTimeout(() => setState('idle'), COPIED_FOR_MS);
    } catch {
      // The clipboard can refuse (no permission, an insecure page): the ID is selectable by hand.
      setState('failed');
    }
  }

  return (
    <div className="flex items-start gap-2">
      <p className="min-w-0">
        <span className="sr-only">Voice ID: </span>
        <span aria-hidden>ID </span>
        <code data-testid="voice-id" className="select-all font-mono text-ink [overflow-wrap:anywhere]">
          {voiceId}
        </code>
      </p>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={`Copy the ID of ${voiceName}`}
        className="inline-flex shrink-0 items-center gap-1 rounded-control border border-line px-2 py-0.5 text-xs font-semibold text-ink hover:border-accent hover:text-accent"
      >
        {state === 'copied' ? (
          <Check aria-hidden className="h-3.5 w-3.5" />
        ) : (
          <Copy aria-hidden className="h-3.5 w-3.5" />
        )}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span role="status" className="sr-only">
        {state === 'copied' ? 'Voice ID copied' : state === 'failed' ? 'Could not copy; select the ID instead' : ''}
      </span>
    </div>
  );
}
