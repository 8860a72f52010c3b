import { ArrowRight, ListMusic } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateTime, formatDuration } from '@/lib/format';
import { useHistory } from '../api/list-history';
import { shortName, sourceLabel } from '../lib/history-labels';
import { HistoryEmpty, HistoryError } from './history-states';
import { ClonedBadge, StatusBadge } from './status-badge';

const LATEST = { page: 1, page_size: 5 } as const;

/** The dashboard's five latest generations, with the way to the full history. */
export function RecentGenerations() {
  const history = useHistory(LATEST);
  const data = history.data;

  return (
    <section
      aria-labelledby="recent-title"
      aria-busy={history.isFetching}
      className="rounded-card border border-line bg-card p-5 shadow-sm sm:p-6"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="recent-title" className="text-lg font-semibold text-ink">
          Recent generations
        </h2>
        <Link
          to="/history"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:text-accent-strong"
        >
          View all
          <span className="sr-only"> generations</span>
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
      <div className="mt-4">
        {history.isPending ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">Loading your latest generations…</span>
            {[0, 1, 2].map((row) => (
              <div key={row} aria-hidden className="h-14 animate-pulse rounded-control bg-line/50" />
            ))}
          </div>
        ) : null}
        {history.isError && !data ? (
          <HistoryError
            message={history.error.message}
            retrying={history.isFetching}
            onRetry={() => void history.refetch()}
          />
        ) : null}
        {data && data.items.length === 0 ? <HistoryEmpty compact /> : null}
        {data && data.items.length > 0 ? (
          <ul aria-label="Latest generations" className="divide-y divide-line">
            {data.items.map((item) => (
              <li
                key={item.id}
                data-testid="recent-generation"
                className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4"
              >
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-ink">{item.excerpt}</p>
                  <p className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted">
                    <span>{item.voice_name}</span>
                    {item.cloned ? <ClonedBadge /> : null}
                    <span aria-hidden>·</span>
                    <span>{sourceLabel(item)}</span>
                    {item.duration_ms !== null ? (
                      <>
                        <span aria-hidden>·</span>
                        <span>{formatDuration(item.duration_ms)}</span>
                      </>
                    ) : null}
                    <span aria-hidden>·</span>
                    <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
                  </p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <StatusBadge status={item.status} />
                  {item.has_timeline ? (
                    <Link
                      to={`/history/${item.id}`}
                      aria-label={`Open timeline of ${shortName(item.excerpt)}`}
                      className="inline-flex items-center gap-1 text-sm font-semibold text-accent hover:text-accent-strong"
                    >
                      <ListMusic aria-hidden className="h-4 w-4" />
                      Timeline
                    </Link>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
