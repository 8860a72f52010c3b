export type StudioMode = 'single' | 'dialogue';

const MODES: { mode: StudioMode; label: string }[] = [
  { mode: 'single', label: 'Single voice' },
  { mode: 'dialogue', label: 'Dialogue' },
];

const base = 'min-h-11 flex-1 rounded-control px-4 py-2 text-sm font-semibold transition-colors sm:flex-none';

/** The preset studio's two modes: one text in one voice, or a dialogue of several speakers. */
export function StudioModeSwitch({ mode, onChange }: { mode: StudioMode; onChange: (mode: StudioMode) => void }) {
  return (
    <fieldset className="mb-6">
      <legend className="sr-only">Studio mode</legend>
      <div className="flex gap-1 rounded-card border border-line bg-card p-1 sm:inline-flex">
        {MODES.map((choice) => (
          <button
            key={choice.mode}
            type="button"
            aria-pressed={mode === choice.mode}
            onClick={() => onChange(choice.mode)}
            className={`${base} ${mode === choice.mode ? 'bg-accent text-white' : 'text-ink hover:text-accent'}`}
          >
            {choice.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
