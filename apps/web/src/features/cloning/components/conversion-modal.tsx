import { CheckCircle2, FileAudio, Loader2 } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import type { ConversionStage } from '../lib/conversion-progress';
import type { ProgressFeed } from '../lib/progress-feed';

const STEPS: { stage: ConversionStage; label: string }[] = [
  { stage: 'reading', label: 'Read' },
  { stage: 'decoding', label: 'Decode' },
  { stage: 'processing', label: 'Process' },
  { stage: 'encoding', label: 'Encode' },
  { stage: 'finalizing', label: 'Finalize' },
];

/** The spec's five display states: initializing, loading, converting, finalizing, complete. */
const MESSAGES: Record<ConversionStage, string> = {
  reading: 'Initializing: reading your file...',
  decoding: 'Loading the audio...',
  processing: 'Converting: preparing the sound...',
  encoding: 'Converting to MP3...',
  finalizing: 'Finalizing...',
  complete: 'Complete!',
};

/** How a step label looks: steps behind in the accent, the running one also bold and underlined. */
const STEP_LOOK = {
  done: 'text-accent',
  current: 'font-semibold text-accent underline underline-offset-4',
  waiting: 'text-muted',
} as const;

function stepState(index: number, reached: number, complete: boolean): keyof typeof STEP_LOOK {
  if (complete || index < reached) return 'done';
  return index === reached ? 'current' : 'waiting';
}

/** 'Converting Audio File': progress of the in-browser conversion to MP3, cancellable until it completes. */
export function ConversionModal({
  fileName,
  progress: feed,
  onCancel,
}: {
  fileName: string;
  progress: ProgressFeed;
  onCancel: () => void;
}) {
  // An external-store update renders at once, in the same task as the worker's message, so every
  // stage reaches the screen and its live region rather than being batched away by the next one.
  const progress = useSyncExternalStore(feed.subscribe, feed.current);
  const complete = progress.stage === 'complete';
  const reached = STEPS.findIndex((step) => step.stage === progress.stage);
  return (
    <ModalDialog
      open
      closable={!complete}
      onOpenChange={(open) => {
        if (!open && !complete) onCancel();
      }}
      title="Converting Audio File"
      description={
        <span className="inline-flex items-center gap-2">
          <FileAudio aria-hidden className="h-4 w-4" />
          {fileName}
        </span>
      }
      actions={null}
    >
      <div className="mt-5">
        {/* Only the stage message is announced: a live percent would be read out at every step. */}
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-ink">
          {complete ? (
            <CheckCircle2 aria-hidden className="h-5 w-5 text-emerald-600" />
          ) : (
            <Loader2 aria-hidden className="h-5 w-5 animate-spin text-accent" />
          )}
          {MESSAGES[progress.stage]}
        </p>
        <div
          role="progressbar"
          aria-label="Conversion progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          aria-valuetext={`${progress.percent}%, ${MESSAGES[progress.stage]}`}
          className="mt-3 h-2 overflow-hidden rounded-full bg-accent-soft"
        >
          {/* The bar eases between steps but is drawn full the moment 'Complete!' shows. */}
          <div
            className={`h-full rounded-full bg-accent ${complete ? 'transition-none' : 'transition-[width] duration-300 ease-out motion-reduce:transition-none'}`}
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <p aria-hidden className="mt-1 text-right text-xs text-muted">
          {progress.percent}%
        </p>
        <ol className="mt-3 grid grid-cols-5 gap-1 text-center text-xs">
          {STEPS.map((step, index) => (
            <li
              key={step.stage}
              aria-current={!complete && index === reached ? 'step' : undefined}
              className={STEP_LOOK[stepState(index, reached, complete)]}
            >
              {step.label}
            </li>
          ))}
        </ol>
        {complete ? (
          <p className="mt-4 rounded-control bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            Your file is now an MP3 and ready for cloning.
          </p>
        ) : (
          <p className="mt-4 text-xs text-muted">
            Tip: a clear 10-30 second recording of one speaker without music makes the best clone.
          </p>
        )}
      </div>
    </ModalDialog>
  );
}
