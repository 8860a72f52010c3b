import type { HistoryItem } from '@sayso/contract/history';
import { useRef, useState } from 'react';
import { InlineMessage } from '@/components/ui/inline-message';
import { formatCredits } from '@/lib/format';
import { useHistory } from '../api/list-history';
import { useHistoryFilters } from '../hooks/use-history-filters';
import { useOpenInStudio } from '../hooks/use-open-in-studio';
import { DeleteGenerationDialog } from './delete-generation-dialog';
import { HistoryItemCard } from './history-item-card';
import { HistoryPager } from './history-pager';
import { HistoryEmpty, HistoryError, HistoryNoMatches, HistorySkeleton } from './history-states';
import { HistoryToolbar } from './history-toolbar';
import { StorageMeter } from './storage-meter';

/** /history's content: storage, search and filters, the list with its states, and paging. */
export function HistoryPanel() {
  const { filters, filtered, search, setSearch, setFilter, setPage, clear } = useHistoryFilters();
  const history = useHistory(filters);
  const studio = useOpenInStudio();
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const data = history.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  // Before the first answer the filters cannot know the voices, and an empty account has no use for them.
  const showToolbar = data !== undefined && (data.total > 0 || filtered);

  return (
    <div className="space-y-6">
      {data ? <StorageMeter storage={data.storage} retentionDays={data.retention_days} /> : null}
      {showToolbar ? (
        <HistoryToolbar
          search={search}
          onSearchChange={setSearch}
          filters={filters}
          onFilterChange={setFilter}
          voices={data.voices}
        />
      ) : null}

      <section aria-labelledby="generations-title" aria-busy={history.isFetching} className="space-y-4">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2
            id="generations-title"
            ref={heading}
            tabIndex={-1}
            className="text-lg font-semibold text-ink focus:outline-none"
          >
            Generations
          </h2>
          {data && data.total > 0 ? (
            <p data-testid="history-total" className="text-sm text-muted">
              {formatCredits(data.total)} {data.total === 1 ? 'generation' : 'generations'}
              {filtered ? ' found' : ''}
            </p>
          ) : null}
        </div>

        {studio.problem ? (
          <InlineMessage tone="error" messageKey={studio.problem}>
            {studio.problem}
          </InlineMessage>
        ) : null}

        {history.isPending ? <HistorySkeleton /> : null}
        {history.isError && !data ? (
          <HistoryError
            message={history.error.message}
            retrying={history.isFetching}
            onRetry={() => void history.refetch()}
          />
        ) : null}
        {data && data.total === 0 && !filtered ? <HistoryEmpty /> : null}
        {data && data.total === 0 && filtered ? <HistoryNoMatches onClear={clear} /> : null}
        {data && data.items.length > 0 ? (
          <ul
            aria-label="Your generations"
            className={`space-y-3 transition-opacity ${history.isPlaceholderData ? 'opacity-60' : ''}`}
          >
            {data.items.map((item) => (
              <HistoryItemCard
                key={item.id}
                item={item}
                onUseInStudio={(chosen) => void studio.open(chosen)}
                preparingStudio={studio.preparing === item.id}
                onDelete={setDeleting}
              />
            ))}
          </ul>
        ) : null}
        {data && data.total > 0 && data.items.length === 0 ? (
          // A page past the end (the last item on it was deleted): offer the first page.
          <p className="text-sm text-muted">
            This page is empty now.{' '}
            <button type="button" onClick={() => setPage(1)} className="font-semibold text-accent hover:underline">
              Go to the first page
            </button>
          </p>
        ) : null}

        {data ? (
          <HistoryPager page={data.page} pageCount={pageCount} busy={history.isFetching} onPage={setPage} />
        ) : null}
      </section>

      {deleting ? (
        <DeleteGenerationDialog
          key={deleting.id}
          item={deleting}
          onClose={() => setDeleting(null)}
          focusAfterDelete={() => heading.current?.focus()}
        />
      ) : null}
    </div>
  );
}
