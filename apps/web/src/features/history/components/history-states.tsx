import { AudioLines, History, Mic, RotateCw, SearchX } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';

const SKELETON_ROWS = ['first', 'second', 'third', 'fourth'] as const;

export function HistorySkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div role="status" className="space-y-3">
      <span className="sr-only">Loading your generations…</span>
      {SKELETON_ROWS.slice(0, rows).map((row) => (
        <div key={row} aria-hidden className="rounded-card border border-line bg-card p-5 shadow-sm">
          <div className="h-4 w-3/4 animate-pulse rounded bg-line/70" />
          <div className="mt-3 h-3 w-1/2 animate-pulse rounded bg-line/60" />
          <div className="mt-5 h-10 animate-pulse rounded-control bg-line/40" />
        </div>
      ))}
    </div>
  );
}

/** Nothing generated yet: the way to both studios. */
export function HistoryEmpty({ compact = false }: { compact?: boolean }) {
  return (
    <div
      className={`flex flex-col items-center rounded-card border border-dashed border-line bg-card text-center ${compact ? 'px-6 py-8' : 'px-6 py-12'}`}
    >
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-accent-soft text-accent">
        <History aria-hidden className="h-5 w-5" />
      </span>
      <p className="mt-3 font-semibold text-ink">No generations yet</p>
      <p className="mt-1 max-w-md text-sm text-muted">
        Everything you make in either studio, or through the API, shows up here to play, download and reuse.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Link to="/dashboard2" className={buttonStyles.soft}>
          <AudioLines aria-hidden className="h-4 w-4" />
          Open the preset studio
        </Link>
        <Link to="/dashboard3" className={buttonStyles.soft}>
          <Mic aria-hidden className="h-4 w-4" />
          Open the clone studio
        </Link>
      </div>
    </div>
  );
}

/** The search and filters match nothing. */
export function HistoryNoMatches({ onClear }: { onClear: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-dashed border-line bg-card px-6 py-12 text-center">
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-accent-soft text-accent">
        <SearchX aria-hidden className="h-5 w-5" />
      </span>
      <p className="mt-3 font-semibold text-ink">No generations match</p>
      <p className="mt-1 max-w-md text-sm text-muted">Try other words, or clear the search and filters.</p>
      <button type="button" onClick={onClear} className={`${buttonStyles.secondary} mt-5`}>
        Clear search and filters
      </button>
    </div>
  );
}

export function HistoryError({
  message,
  retrying,
  onRetry,
}: {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-card border border-danger/30 bg-danger-soft p-5 text-sm text-danger sm:flex-row sm:items-center sm:justify-between"
    >
      <p>{message || 'Could not load your history.'}</p>
      <button type="button" onClick={onRetry} disabled={retrying} className={buttonStyles.secondary}>
        <RotateCw aria-hidden className={`h-4 w-4 ${retrying ? 'animate-spin' : ''}`} />
        Retry
      </button>
    </div>
  );
}
