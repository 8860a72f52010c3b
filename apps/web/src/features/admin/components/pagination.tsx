import { ChevronLeft, ChevronRight } from 'lucide-react';
import { buttonStyles } from './styles';

interface PaginationProps {
  page: number;
  pageCount: number;
  busy: boolean;
  onPageChange: (page: number) => void;
}

export function Pagination({ page, pageCount, busy, onPageChange }: PaginationProps) {
  return (
    <nav aria-label="Pages of users" className="flex items-center gap-2">
      <button
        type="button"
        className={buttonStyles.smallSecondary}
        disabled={page <= 1 || busy}
        onClick={() => onPageChange(page - 1)}
      >
        <ChevronLeft aria-hidden className="h-4 w-4" />
        Previous
      </button>
      <span className="px-1 text-sm whitespace-nowrap text-muted tabular-nums" aria-live="polite">
        Page {page} of {pageCount}
      </span>
      <button
        type="button"
        className={buttonStyles.smallSecondary}
        disabled={page >= pageCount || busy}
        onClick={() => onPageChange(page + 1)}
      >
        Next
        <ChevronRight aria-hidden className="h-4 w-4" />
      </button>
    </nav>
  );
}
