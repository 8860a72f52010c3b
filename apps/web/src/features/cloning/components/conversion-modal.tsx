import { CheckCircle2, FileAudio, Loader2 } from 'lucide-react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import type { ConversionProgress, ConversionStage } from '../lib/audio-conversion';

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

/** 'Converting Audio File': progress of the in-browser conversion to MP3, cancellable until it completes. */
export function ConversionModal({
  fileName,
  progress,
  onCancel,
}: {
  fileName: string;
  progress: ConversionProgress;
  onCancel: () => void;
}) {
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
      <div className="mt-5" aria-live="polite">
        <p className="flex items-center gap-2 text-sm font-medium text-ink">
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
          className="mt-3 h-2 overflow-hidden rounded-full bg-accent-soft"
        >
          <div className="h-full rounded-full bg-accent transition-all" style={{ width: `${progress.percent}%` }} />
        </div>
        <p className="mt-1 text-right text-xs text-muted">{progress.percent}%</p>
        <ol className="mt-3 grid grid-cols-5 gap-1 text-center text-xs">
          {STEPS.map((step, index) => (
            <li key={step.stage} className={complete || index <= reached ? 'font-semibold text-accent' : 'text-muted'}>
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
