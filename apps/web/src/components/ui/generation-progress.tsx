interface GenerationProgressProps {
  /** The line above the bar: a percentage, a status or a generic word. */
  label: string;
  /** Null when the task gives no percentage: the bar then pulses at a third. */
  percent: number | null;
}

/** The studios' progress line and bar while speech is being generated. */
export function GenerationProgress({ label, percent }: GenerationProgressProps) {
  return (
    <>
      <p className="text-sm text-muted">{label}</p>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-accent-soft"
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
      >
        <div
          className={`h-full rounded-full bg-accent transition-all ${percent === null ? 'w-1/3 animate-pulse' : ''}`}
          style={percent === null ? undefined : { width: `${Math.max(4, percent)}%` }}
        />
      </div>
    </>
  );
}
