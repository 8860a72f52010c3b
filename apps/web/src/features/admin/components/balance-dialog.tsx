import * as Dialog from '@radix-ui/react-dialog';
import { useMutation } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ModalDialog, type ModalDialogProps } from '@/components/ui/modal-dialog';
import { formatMoney } from '@/lib/format';
import type { AdminUser } from '../api/admin-users';
import { type BalanceChange, changeBalance } from '../api/change-balance';
import { useToast } from '../hooks/use-toast';
import { type BalanceAction, balanceAfter, checkAmount } from '../lib/amount';
import { balanceChangedText, balanceErrorText } from '../lib/toast-text';
import { Spinner } from './spinner';
import { buttonStyles, fieldStyles } from './styles';

interface BalanceDialogProps {
  user: AdminUser;
  action: BalanceAction;
  onClose: () => void;
  /** Runs once the change is done or refused, so the list can be reloaded. */
  onSettled: () => void;
}

const wording = {
  add: { title: 'Add Balance', confirmTitle: 'Confirm Balance Addition', amountLabel: 'Amount to add', sign: '+' },
  deduct: {
    title: 'Deduct Balance',
    confirmTitle: 'Confirm Balance Deduction',
    amountLabel: 'Amount to deduct',
    sign: '−',
  },
} as const;

/**
 * Enter an amount, confirm it against the current and new balance, then the change is made.
 * Success or failure is announced by a toast; either way the dialog closes and the list reloads.
 */
export function BalanceDialog({ user, action, onClose, onSettled }: BalanceDialogProps) {
  const toast = useToast();
  const [input, setInput] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [amount, setAmount] = useState<number | null>(null);
  const ids = useId();
  const max = action === 'deduct' ? user.balance : undefined;

  const change = useMutation({
    mutationFn: (value: number) => changeBalance(user.uid, action, value),
    onSuccess: (result: BalanceChange, value) => {
      toast(balanceChangedText(action, value, result.currency, displayName(user)));
    },
    onError: (failure) => toast(balanceErrorText(action, failure.message), 'error'),
    onSettled: () => {
      onClose();
      onSettled();
    },
  });
  const busy = change.isPending;

  const review = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkAmount(input, { max });
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
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
        ? amountStep({ user, action, input, error, ids, onInput: setInput, onError: setError, onSubmit: review })
        : confirmStep({
            user,
            action,
            amount,
            busy,
            onBack: () => setAmount(null),
            onConfirm: () => change.mutate(amount),
          }))}
    />
  );
}

type StepContent = Pick<ModalDialogProps, 'title' | 'description' | 'children' | 'actions'>;

function amountStep(props: {
  user: AdminUser;
  action: BalanceAction;
  input: string;
  error: string | null;
  ids: string;
  onInput: (value: string) => void;
  onError: (error: string | null) => void;
  onSubmit: (event: FormEvent) => void;
}): StepContent {
  const { user, action, input, error, ids } = props;
  const max = action === 'deduct' ? user.balance : undefined;
  const formId = `${ids}-form`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  return {
    title: wording[action].title,
    description: (
      <>
        {action === 'add' ? 'Add money to' : 'Take money from'}{' '}
        <strong className="font-semibold text-ink">{displayName(user)}</strong>’s balance ({user.email}).
      </>
    ),
    actions: (
      <>
        <Dialog.Close type="button" className={buttonStyles.secondary}>
          Cancel
        </Dialog.Close>
        <button type="submit" form={formId} className={buttonStyles.primary}>
          Continue
          <ArrowRight aria-hidden className="h-4 w-4" />
        </button>
      </>
    ),
    children: (
      <form id={formId} onSubmit={props.onSubmit} noValidate className="mt-6">
        <div className="mb-4 flex items-center justify-between rounded-control bg-surface px-4 py-3 text-sm">
          <span className="text-muted">Current balance</span>
          <span className="font-semibold text-ink tabular-nums">{formatMoney(user.balance, user.currency)}</span>
        </div>
        <label className={fieldStyles.label} htmlFor={`${ids}-amount`}>
          Amount ({user.currency})
          <input
            id={`${ids}-amount`}
            type="number"
            inputMode="decimal"
            min={0.01}
            step={0.01}
            max={max}
            placeholder="0.00"
            className={`${fieldStyles.input} tabular-nums`}
            value={input}
            onChange={(event) => {
              props.onInput(event.target.value);
              props.onError(null);
            }}
            aria-invalid={error !== null}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            // biome-ignore lint/a11y/noAutofocus: the dialog exists to type this one number.
            autoFocus
          />
        </label>
        <span id={hintId} className={fieldStyles.hint}>
          {max === undefined
            ? 'Numbers only, up to 2 decimal places.'
            : `Maximum: ${formatMoney(max, user.currency)}. Numbers only, up to 2 decimal places.`}
        </span>
        {error ? (
          <p id={errorId} role="alert" className={fieldStyles.error}>
            {error}
          </p>
        ) : null}
      </form>
    ),
  };
}

function confirmStep(props: {
  user: AdminUser;
  action: BalanceAction;
  amount: number;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}): StepContent {
  const { user, action, amount, busy } = props;
  const words = wording[action];
  return {
    title: words.confirmTitle,
    description: (
      <>
        Check the figures for <strong className="font-semibold text-ink">{displayName(user)}</strong> before the balance
        changes.
      </>
    ),
    actions: (
      <>
        <button type="button" className={buttonStyles.secondary} disabled={busy} onClick={props.onBack}>
          Back
        </button>
        <button
          type="button"
          className={buttonStyles.primary}
          disabled={busy}
          aria-busy={busy}
          onClick={props.onConfirm}
          // biome-ignore lint/a11y/noAutofocus: the step exists to confirm; focus follows the content that replaced the form.
          autoFocus
        >
          {busy ? <Spinner /> : null}
          {busy ? 'Processing…' : 'Confirm'}
        </button>
      </>
    ),
    children: (
      <dl className="mt-6 divide-y divide-line rounded-control border border-line text-sm">
        <SummaryRow label="Current balance" value={formatMoney(user.balance, user.currency)} />
        <SummaryRow label={words.amountLabel} value={`${words.sign}${formatMoney(amount, user.currency)}`} />
        <SummaryRow
          label="New balance"
          value={formatMoney(balanceAfter(action, user.balance, amount), user.currency)}
          strong
        />
      </dl>
    ),
  };
}

const displayName = (user: AdminUser) => user.username || user.email;

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-center justify-between gap-4 px-4 py-3 ${strong ? 'bg-accent-soft/60' : ''}`}>
      <dt className={strong ? 'font-semibold text-ink' : 'text-muted'}>{label}</dt>
      <dd className={`font-semibold tabular-nums ${strong ? 'text-accent-strong' : 'text-ink'}`}>{value}</dd>
    </div>
  );
}
