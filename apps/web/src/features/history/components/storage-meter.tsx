import type { HistoryPage } from '@sayso/contract/history';
import { HardDrive } from 'lucide-react';
import { formatBytes } from '@/lib/format';

interface StorageMeterProps {
  storage: HistoryPage['storage'];
  retentionDays: number | null;
}

/** How much of the user's storage the audio takes, and how long audio is kept. */
export function StorageMeter({ storage, retentionDays }: StorageMeterProps) {
  const { used_bytes: used, limit_bytes: limit } = storage;
  const percent = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  const tone = percent >= 90 ? 'bg-danger' : 'bg-accent';
  return (
    <section aria-labelledby="storage-title" className="rounded-card border border-line bg-card p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="storage-title" className="flex items-center gap-2 text-sm font-semibold text-ink">
          <HardDrive aria-hidden className="h-4 w-4 text-accent" />
          Storage
        </h2>
        <p data-testid="storage-used" className="text-sm tabular-nums text-muted">
          <span className="font-semibold text-ink">{formatBytes(used)}</span> used of {formatBytes(limit)}
        </p>
      </div>
      {/* The line above says the same in words; the bar is for the eye. */}
      <div aria-hidden className="mt-3 h-2 overflow-hidden rounded-full bg-accent-soft">
        <div className={`h-full rounded-full ${tone}`} style={{ width: `${Math.max(used > 0 ? 2 : 0, percent)}%` }} />
      </div>
      {retentionDays !== null ? (
        <p className="mt-3 text-sm text-muted">
          Audio is deleted {retentionDays} {retentionDays === 1 ? 'day' : 'days'} after it is made; the record, its text
          and what it cost stay in your history.
        </p>
      ) : null}
    </section>
  );
}
