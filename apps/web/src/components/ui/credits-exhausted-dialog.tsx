import * as Dialog from '@radix-ui/react-dialog';

export const CREDITS_EXHAUSTED_TEXT =
  'You have run out of credits. Please upgrade your plan to continue using our services';

/** The spec's Credits Exhausted popup: Cancel, or Upgrade Plan (which, as specified, only announces itself). */
export function CreditsExhaustedDialog({
  open,
  onOpenChange,
  onUpgrade = () => window.alert('Upgrade plans will be implemented soon.'),
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** /dashboard3 sends the user to /pricing; /dashboard2 only announces upgrades, as specified. */
  onUpgrade?: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-card bg-card p-6 shadow-xl sm:p-8">
          <Dialog.Title className="text-xl font-semibold text-ink">Credits Exhausted</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{CREDITS_EXHAUSTED_TEXT}</Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close className="rounded-control border border-line bg-white px-5 py-2.5 text-sm font-semibold text-ink hover:border-accent">
              Cancel
            </Dialog.Close>
            <button
              type="button"
              className="rounded-control bg-accent px-5 py-2.5 text-sm font-semibold text-white hover:bg-accent-strong"
              onClick={onUpgrade}
            >
              Upgrade Plan
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
