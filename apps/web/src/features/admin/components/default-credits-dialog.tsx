import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { DEFAULT_CREDITS } from '@/lib/account/account-figures';
import { formatCredits } from '@/lib/format';
import { grantDefaultCredits } from '../api/grant-default-credits';
import { useToast } from '../hooks/use-toast';
import { defaultCreditsErrorText, defaultCreditsGrantedText } from '../lib/toast-text';
import { Spinner } from './spinner';
import { buttonStyles } from './styles';

interface DefaultCreditsDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Runs once the grant is done or refused, so the list can be reloaded. */
  onSettled: () => void;
}

/** Confirms, then gives the default credits to every user who never received them. Safe to run twice. */
export function DefaultCreditsDialog({ open, onOpenChange, onSettled }: DefaultCreditsDialogProps) {
  const toast = useToast();
  const grant = useMutation({
    mutationFn: grantDefaultCredits,
    onSuccess: (granted) =>
      toast('default-credits', defaultCreditsGrantedText(granted, DEFAULT_CREDITS), granted > 0 ? 'success' : 'info'),
    onError: (failure) => toast('default-credits', defaultCreditsErrorText(failure.message), 'error'),
    onSettled: () => {
      onOpenChange(false);
      onSettled();
    },
  });
  const busy = grant.isPending;
  return (
    <ModalDialog
      open={open}
      busy={busy}
      onOpenChange={onOpenChange}
      title="Give default credits"
      description={`Every user who has never received the default ${formatCredits(DEFAULT_CREDITS)} credits gets them now. Users who already received them get nothing, so this is safe to run again.`}
      actions={
        <>
          <Dialog.Close type="button" className={buttonStyles.secondary} disabled={busy}>
            Cancel
          </Dialog.Close>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={busy}
            aria-busy={busy}
            onClick={() => grant.mutate()}
          >
            {busy ? <Spinner /> : null}
            {busy ? 'Giving credits…' : 'Give credits'}
          </button>
        </>
      }
    />
  );
}
