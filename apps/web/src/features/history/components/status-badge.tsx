import type { TaskStatus } from '@sayso/contract/speech';
import { STATUS_LABELS } from '../lib/history-labels';

const TONES: Record<TaskStatus, string> = {
  queued: 'bg-surface text-muted border-line',
  processing: 'bg-accent-soft text-accent-strong border-accent/20',
  done: 'bg-success-soft text-success border-success/20',
  failed: 'bg-danger-soft text-danger border-danger/20',
};

export function StatusBadge({ status }: { status: TaskStatus }) {
  return (
    <span
      data-testid="history-status"
      className={`inline-flex shrink-0 items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {STATUS_LABELS[status]}
    </span>
  );
}

export function ClonedBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-accent-soft px-2 py-0.5 text-xs font-semibold text-accent-strong">
      Cloned
    </span>
  );
}
