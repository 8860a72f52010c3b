import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { accountFigures } from '@/lib/account/account-figures';
import { useMe } from '@/lib/account/get-me';
import { formatCredits } from '@/lib/format';

export const CREDITS_EXHAUSTED_TEXT =
  'You have run out of credits. Please upgrade your plan to continue using our services';

const credits = (count: number) => `${formatCredits(count)} ${count === 1 ? 'credit' : 'credits'}`;

/**
 * The spec's Credits Exhausted popup: what the text needs against what the account has, then
 * Cancel, or Upgrade Plan, which opens the pricing page where credit packs are bought.
 */
export function CreditsExhaustedDialog({
  open,
  onOpenChange,
  needed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The credits the text costs (one per character after trimming). */
  needed: number;
}) {
  const navigate = useNavigate();
  const me = useMe();
  const available = me.data ? accountFigures(me.data).credits : null;
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-card p-6 shadow-xl sm:p-8">
          <Dialog.Title className="text-xl font-semibold text-ink">Credits Exhausted</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{CREDITS_EXHAUSTED_TEXT}</Dialog.Description>
          <p data-testid="credits-needed" className="mt-4 rounded-control bg-surface px-4 py-3 text-sm text-ink">
            This text needs <strong className="tabular-nums">{credits(needed)}</strong>
            {available === null ? (
              '.'
            ) : (
              <>
                ; you have <strong className="tabular-nums">{credits(available)}</strong>.
              </>
            )}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className="rounded-control border border-line bg-white px-5 py-2.5 text-sm font-semibold text-ink hover:border-accent">
              Cancel
            </Dialog.Close>
            <button
              type="button"
              className="rounded-control bg-accent px-5 py-2.5 text-sm font-semibold text-white hover:bg-accent-strong"
              onClick={() => navigate('/pricing')}
            >
              Upgrade Plan
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
