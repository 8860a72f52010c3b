import * as Dialog from '@radix-ui/react-dialog';
import { LoaderCircle } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import { useSignOut } from '@/features/account/api/sign-out';

interface LogoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the dialog closes without logging out (it has no trigger of its own). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** Asks before logging out; confirming ends the session and returns to the landing page. */
export function LogoutDialog({ open, onOpenChange, onCloseAutoFocus }: LogoutDialogProps) {
  const signOut = useSignOut();
  // Still busy once settled: the landing page is on its way, and Logout must not be offered again.
  const busy = !signOut.isIdle;
  const changeOpen = (next: boolean) => {
    if (!busy) onOpenChange(next);
  };

  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-card bg-card p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <Dialog.Title className="text-xl font-semibold text-ink">Logout</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">
            Are you sure you want to log out? You will need to sign in again to use your dashboard.
          </Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close type="button" className={buttonStyles.secondary} disabled={busy}>
              Cancel
            </Dialog.Close>
            <button
              type="button"
              className={buttonStyles.primary}
              disabled={busy}
              aria-busy={busy}
              onClick={() => signOut.mutate()}
            >
              {busy ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> : null}
              {busy ? 'Logging out…' : 'Logout'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
