import type { CreditPack } from '@sayso/contract/pricing';
import { AlertCircle, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { useCreditPacks } from '../api/get-credit-packs';

interface PacksQueryStateProps {
  /** How many placeholder cards to show while loading, and how tall each is. */
  skeletonClassName: string;
  gridClassName: string;
  children: (packs: CreditPack[]) => ReactNode;
}

/** Loads the credit packs and shows a loading grid or an error with Retry until they arrive. */
export function PacksQueryState({ skeletonClassName, gridClassName, children }: PacksQueryStateProps) {
  const { data, isPending, isError, error, refetch, isFetching } = useCreditPacks();

  if (isPending) {
    return (
      <div role="status" className={gridClassName}>
        {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
          <div
            key={key}
            className={`flex animate-pulse flex-col gap-3 rounded-card border border-line bg-card p-6 ${skeletonClassName}`}
          >
            <span className="h-4 w-1/3 rounded-full bg-line" />
            <span className="h-6 w-2/3 rounded-full bg-line" />
            <span className="h-4 w-1/2 rounded-full bg-accent-soft" />
          </div>
        ))}
        <span className="sr-only">Loading credit packs…</span>
      </div>
    );
  }

  if (isError) {
    return (
      <div
        role="alert"
        className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-card border border-danger/30 bg-danger-soft p-6 text-center"
      >
        <AlertCircle aria-hidden className="h-6 w-6 text-danger" />
        <div>
          <p className="font-semibold text-ink">We couldn’t load the credit packs.</p>
          <p className="mt-1 text-sm text-muted">{error.message}</p>
        </div>
        <button type="button" className={buttonStyles.secondary} onClick={() => refetch()} disabled={isFetching}>
          <RotateCw aria-hidden className={`h-4 w-4 ${isFetching ? 'animate-spin' : ''}`} />
          {isFetching ? 'Retrying...' : 'Retry'}
        </button>
      </div>
    );
  }

  return <>{children(data)}</>;
}
