import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** The buttons along the bottom edge, the main one last. */
  actions: ReactNode;
  /** While a request runs the dialog cannot be dismissed: Escape, the overlay and the close button do nothing. */
  busy?: boolean;
  /** Whether the close button shows; a dialog that closes itself (a finished conversion) hides it. */
  closable?: boolean;
  /** Where focus goes on closing, when the control that opened the dialog may be gone by then. */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The one centred modal of the app: focus is trapped inside, Escape and the close button dismiss it, and it is labelled by its title. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  busy = false,
  closable = true,
  onCloseAutoFocus,
}: ModalDialogProps) {
  const changeOpen = (next: boolean) => {
    if (!busy) onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={changeOpen}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-sm" />
        <Dialog.Content
          aria-busy={busy}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-card p-6 shadow-xl focus:outline-none sm:p-8"
        >
          <Dialog.Title className="pr-8 text-xl font-semibold text-ink">{title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">{actions}</div>
          {closable && (
            <Dialog.Close
              aria-label="Close"
              disabled={busy}
              className="absolute top-4 right-4 rounded-control p-1.5 text-muted hover:bg-accent-soft hover:text-ink disabled:opacity-40"
            >
              <X aria-hidden className="h-5 w-5" />
            </Dialog.Close>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
