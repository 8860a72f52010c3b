import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';

interface HistoryPagerProps {
  page: number;
  pageCount: number;
  busy: boolean;
  onPage: (page: number) => void;
}

export function HistoryPager({ page, pageCount, busy, onPage }: HistoryPagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="History pages" className="flex items-center justify-between gap-3">
      <button
        type="button"
        onClick={() => onPage(page - 1)}
        disabled={page <= 1 || busy}
        className={buttonStyles.secondary}
      >
        <ChevronLeft aria-hidden className="h-4 w-4" />
        Previous
      </button>
      <p className="text-sm tabular-nums text-muted" aria-live="polite">
        Page {page} of {pageCount}
      </p>
      <button
        type="button"
        onClick={() => onPage(page + 1)}
        disabled={page >= pageCount || busy}
        className={buttonStyles.secondary}
      >
        Next
        <ChevronRight aria-hidden className="h-4 w-4" />
      </button>
    </nav>
  );
}
