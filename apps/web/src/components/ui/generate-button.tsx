import { AudioLines } from 'lucide-react';
import { useId } from 'react';

/**
 * The studios' main action: starts a generation, and says so while one runs. When it cannot be
 * pressed, `blocker` says why right beside it ("Choose a voice first"), so a disabled button is
 * never left unexplained; a button with nothing in its way is never disabled.
 */
export function GenerateButton({
  blocker,
  generating,
  onGenerate,
}: {
  /** Why Generate cannot be pressed now, or null when it can. */
  blocker: string | null;
  generating: boolean;
  onGenerate: () => void;
}) {
  const reasonId = useId();
  const disabled = generating || blocker !== null;
  const shownReason = generating ? null : blocker;
  return (
    <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
      <button
        type="button"
        disabled={disabled}
        onClick={onGenerate}
        aria-describedby={shownReason ? reasonId : undefined}
        className="inline-flex w-full items-center justify-center gap-2 rounded-control bg-accent px-5 py-3 text-base font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
      >
        <AudioLines aria-hidden className="h-5 w-5" />
        {generating ? 'Generating...' : 'Generate Voice'}
      </button>
      {shownReason && (
        <p id={reasonId} data-testid="generate-blocker" className="text-sm text-muted">
          {shownReason}
        </p>
      )}
    </div>
  );
}
