import { AudioLines } from 'lucide-react';

/** The studios' main action: starts a generation, and says so while one runs. */
export function GenerateButton({
  disabled,
  generating,
  onGenerate,
}: {
  disabled: boolean;
  generating: boolean;
  onGenerate: () => void;
}) {
  return (
    <button
      type="button"
      disabled={disabled}
      onClick={onGenerate}
      className="mt-4 inline-flex w-full items-center justify-center gap-2 rounded-control bg-accent px-5 py-3 text-base font-semibold text-white hover:bg-accent-strong disabled:cursor-not-allowed disabled:opacity-60 sm:w-auto"
    >
      <AudioLines aria-hidden className="h-5 w-5" />
      {generating ? 'Generating...' : 'Generate Voice'}
    </button>
  );
}
