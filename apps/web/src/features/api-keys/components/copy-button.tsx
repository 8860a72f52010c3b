import { Check, Copy } from 'lucide-react';
import { useCopy } from '../hooks/use-copy';

interface CopyButtonProps {
  /** The text, or a way to get it (a secret that is read from the server only when wanted). */
  text: string | (() => Promise<string>);
  /** What is copied, for the button's accessible name: "Copy API key". */
  what: string;
  className?: string;
}

const buttonLook =
  'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-control border border-line bg-card px-3 text-sm font-semibold text-ink transition-colors hover:border-accent hover:text-accent-strong';

/** A Copy button that says "Copied" for a moment, or that copying failed and the text must be selected by hand. */
export function CopyButton({ text, what, className = '' }: CopyButtonProps) {
  const { state, copy } = useCopy();
  return (
    <span className={`inline-flex flex-col items-start gap-1 ${className}`}>
      {/* The name starts with the visible word, whichever it shows, so speech input ("click Copy") finds it. */}
      <button
        type="button"
        aria-label={state === 'copied' ? `Copied ${what}` : `Copy ${what}`}
        onClick={() => void copy(text)}
        className={buttonLook}
      >
        {state === 'copied' ? (
          <Check aria-hidden className="h-4 w-4 text-success" />
        ) : (
          <Copy aria-hidden className="h-4 w-4" />
        )}
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      {/* Announced either way: a sighted user sees the button change, a screen reader user hears it. */}
      <span role="status" className={state === 'failed' ? 'text-xs text-danger' : 'sr-only'}>
        {state === 'copied'
          ? `${what} copied`
          : state === 'failed'
            ? 'Could not copy. Select the text and copy it.'
            : ''}
      </span>
    </span>
  );
}
