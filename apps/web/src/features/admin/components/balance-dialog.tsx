import type { AdminUser, BalanceChange } from '@sayso/contract/admin';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { changeBalance } from '../api/change-balance';
import { useToast } from '../hooks/use-toast';
import { type BalanceAction, checkAmount } from '../lib/amount';
import { checkReference } from '../lib/payment-reference';
import { balanceChangedText, balanceErrorText } from '../lib/toast-text';
import { amountStep, confirmStep, displayName } from './balance-steps';

interface BalanceDialogProps {
  user: AdminUser;
  action: BalanceAction;
  onClose: () => void;
  /** Runs once the change is done or refused, so the list can be reloaded. */
  onSettled: () => void;
}

/**
 * Enter an amount and the payment's reference, confirm them against the current and new balance,
 * then the change is made.
 * Success or failure is announced by a toast; either way the dialog closes and the list reloads.
 */
export function BalanceDialog({ user, action, onClose, onSettled }: BalanceDialogProps) {
  const toast = useToast();
  const [input, setInput] = useState('');
  const [referenceInput, setReferenceInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [referenceError, setReferenceError] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const [reference, setReference] = useState('');
  const ids = useId();
  const max = action === 'deduct' ? user.balance : undefined;

  const change = useMutation({
    mutationFn: (value: number) => changeBalance(user.uid, action, value, reference),
    onSuccess: (result: BalanceChange, value) => {
      toast('balance', balanceChangedText(action, value, result.currency, displayName(user)));
    },
    onError: (failure) => toast('balance', balanceErrorText(action, failure.message), 'error'),
    onSettled: () => {
      onClose();
      onSettled();
    },
  });
  const busy = change.isPending;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(input, { max });
    const referenceChecked = checkReference(referenceInput, action);
    setError(checked.ok ? null : checked.error);
    setReferenceError(referenceChecked.ok ? null : referenceChecked.error);
    if (!checked.ok || !referenceChecked.ok) return;
    setReference(referenceChecked.reference);
    setAmount(checked.amount);
  };

  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  // One dialog for both steps, so focus and the overlay stay put while the content changes.
  return (
    <ModalDialog
      open
      busy={busy}
      onOpenChange={onOpenChange}
      {...(amount === null
        ? amountStep({
            user,
            action,
            input,
            error,
            ids,
            onInput: setInput,
            onError: setError,
            reference: {
              input: referenceInput,
              error: referenceError,
              onInput: setReferenceInput,
              onError: setReferenceError,
            },
            onSubmit: review,
          })
        : confirmStep({
            user,
            action,
            amount,
            reference,
            busy,
            onBack: () => setAmount(null),
            onConfirm: () => change.mutate(amount),
          }))}
    />
  );
}
