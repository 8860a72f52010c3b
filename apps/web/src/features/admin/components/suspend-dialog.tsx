import * as Dialog from '@radix-ui/react-dialog';
import type { AdminUserDetail } from '@sayso/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { setSuspended } from '../api/admin-user-detail';
import { useToast } from '../hooks/use-toast';
import { Spinner } from './spinner';
import { buttonStyles } from './styles';

interface SuspendDialogProps {
  user: AdminUserDetail['user'];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSettled: () => void;
}

/** Asks before suspending (or reinstating) a user, saying what it does to them. */
export function SuspendDialog({ user, open, onOpenChange, onSettled }: SuspendDialogProps) {
  const toast = useToast();
  const suspending = user.suspendedAt === null;
  const name = user.username || user.email;
  const change = useMutation({
    mutationFn: () => setSuspended(user.uid, suspending),
    onSuccess: () =>
      toast(
        'suspension',
        suspending ? `${name} is suspended` : `${name} is reinstated`,
        suspending ? 'info' : 'success',
      ),
    onError: (error) =>
      toast(
        'suspension',
        `${suspending ? 'Error suspending' : 'Error reinstating'} ${name}: ${error.message}`,
        'error',
      ),
    onSettled: () => {
      onOpenChange(false);
      onSettled();
    },
  });
  const busy = change.isPending;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={busy}
      title={suspending ? 'Suspend user' : 'Reinstate user'}
      description={
        suspending ? (
          <>
            <strong className="font-semibold text-ink">{name}</strong> will be signed out everywhere at once, and cannot
            sign in or use their API keys until reinstated. Their balance, credits, history and voices are kept.
          </>
        ) : (
          <>
            <strong className="font-semibold text-ink">{name}</strong> can sign in and use their API keys again.
          </>
        )
      }
      actions={
        <>
          <Dialog.Close type="button" className={buttonStyles.secondary} disabled={busy}>
            Cancel
          </Dialog.Close>
          <button
            type="button"
            className={suspending ? buttonStyles.danger : buttonStyles.primary}
            disabled={busy}
            aria-busy={busy}
            onClick={() => change.mutate()}
          >
            {busy ? <Spinner /> : null}
            {suspending ? 'Suspend' : 'Reinstate'}
          </button>
        </>
      }
    />
  );
}
