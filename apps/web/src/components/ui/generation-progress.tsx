import { queueNote } from '@/lib/speech-task/polling';

interface GenerationProgressProps {
  /** The line above the bar: a percentage, a status or a generic word. */
  label: string;
  /** Null when the task gives no percentage: the bar then pulses at a third. */
  percent: number | null;
  /** How many tasks are ahead of this one while it waits (the task's `queue_position`). */
  queuePosition?: number | null;
}

/** The studios' progress line and bar while speech is being generated, with the task's place in the queue while it waits. */
export function GenerationProgress({ label, percent, queuePosition = null }: GenerationProgressProps) {
  const queued = queueNote(queuePosition);
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="text-sm text-muted">{label}</p>
        {queued && <p className="text-sm font-medium text-accent-strong">{queued}</p>}
      </div>
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
