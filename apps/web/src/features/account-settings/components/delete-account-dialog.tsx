import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { forgetSessionUser } from '@/lib/account/forget-session-user';
import { formatCredits } from '@/lib/format';
import { useDeleteAccount } from '../api/delete-account';
import { errorMessage } from '../lib/error-message';
import { fieldStyles } from '../lib/field-styles';

interface DeleteAccountDialogProps {
  email: string;
  credits: number;
  /** Already written with its currency. */
  balance: string;
  dangerButton: string;
  onClose: () => void;
}

/** The last step: the account's email typed again, then the account goes and the visitor lands on /. */
export function DeleteAccountDialog({ email, credits, balance, dangerButton, onClose }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const confirm = () =>
    remove.mutate(
      { confirmEmail: typed },
      {
        onSuccess: () => {
          forgetSessionUser();
          queryClient.clear();
          navigate('/', { replace: true });
        },
      },
    );

  return (
    <ModalDialog
      open
      busy={remove.isPending}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Delete your account?"
      description={
        <>
          This deletes everything kept about you and forfeits {formatCredits(credits)} credits and {balance}. Type{' '}
          <strong className="break-all text-ink">{email}</strong> to confirm.
        </>
      }
      actions={
        <>
          <button type="button" onClick={onClose} disabled={remove.isPending} className={buttonStyles.secondary}>
            Keep my account
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            disabled={!matches || remove.isPending}
            aria-busy={remove.isPending}
            className={dangerButton}
          >
            {remove.isPending ? <LoaderCircle aria-hidden className="h-4 w-4 animate-spin" /> : null}
            {remove.isPending ? 'Deleting…' : 'Delete my account'}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        className="mt-4 space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches) confirm();
        }}
      >
        <label htmlFor={`${id}-email`} className={fieldStyles.label}>
          Your email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          className={fieldStyles.input}
        />
        {remove.isError ? (
          <InlineMessage tone="error" messageKey={remove.error.message}>
            {errorMessage(remove.error)}
          </InlineMessage>
        ) : null}
      </form>
    </ModalDialog>
  );
}
