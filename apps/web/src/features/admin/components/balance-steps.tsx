import * as Dialog from '@radix-ui/react-dialog';
import { type AdminUser, MAX_PAYMENT_REFERENCE_LENGTH } from '@sayso/contract/admin';
import { ArrowRight } from 'lucide-react';
import type { FormEvent } from 'react';
import type { ModalDialogProps } from '@/components/ui/modal-dialog';
import { formatMoney } from '@/lib/format';
import { type BalanceAction, balanceAfter } from '../lib/amount';
import { Spinner } from './spinner';
import { buttonStyles, fieldStyles } from './styles';

const wording = {
  add: { title: 'Add Balance', confirmTitle: 'Confirm Balance Addition', amountLabel: 'Amount to add', sign: '+' },
  deduct: {
    title: 'Deduct Balance',
    confirmTitle: 'Confirm Balance Deduction',
    amountLabel: 'Amount to deduct',
    sign: '−',
  },
} as const;

/** What one step of the balance dialog puts in the shared dialog. */
export type StepContent = Pick<ModalDialogProps, 'title' | 'description' | 'children' | 'actions'>;

/** Step one: the amount, checked against the current balance. */
export function amountStep(props: {
  user: AdminUser;
  action: BalanceAction;
  input: string;
  error: string | null;
  ids: string;
  onInput: (value: string) => void;
  onError: (error: string | null) => void;
  reference: ReferenceField;
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
        <ReferenceInput action={action} ids={ids} field={props.reference} />
      </form>
    ),
  };
}

/** Step two: the current balance, the change and the new balance, before anything changes. */
export function confirmStep(props: {
  user: AdminUser;
  action: BalanceAction;
  amount: number;
  /** Trimmed; '' when none was given (allowed on a deduction). */
  reference: string;
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
        {props.reference ? <SummaryRow label={referenceWording[action].label} value={props.reference} /> : null}
      </dl>
    ),
  };
}

export const displayName = (user: AdminUser) => user.username || user.email;

function SummaryRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex items-center justify-between gap-4 px-4 py-3 ${strong ? 'bg-accent-soft/60' : ''}`}>
      <dt className={`shrink-0 ${strong ? 'font-semibold text-ink' : 'text-muted'}`}>{label}</dt>
      {/* A long reference wraps between its words, or anywhere if it has none, inside the dialog. */}
      <dd
        className={`min-w-0 text-right font-semibold wrap-anywhere tabular-nums ${strong ? 'text-accent-strong' : 'text-ink'}`}
      >
        {value}
      </dd>
    </div>
  );
}

/** The reference box of the amount step, with its own error. */
export interface ReferenceField {
  input: string;
  error: string | null;
  onInput: (value: string) => void;
  onError: (error: string | null) => void;
}

const referenceWording = {
  add: {
    label: 'Payment reference',
    hint: 'The transaction id of the payment this top-up follows, as the payment app shows it.',
  },
  deduct: { label: 'Reference (optional)', hint: 'A refund’s transaction id, or a short note on why.' },
} as const;

function ReferenceInput({ action, ids, field }: { action: BalanceAction; ids: string; field: ReferenceField }) {
  const words = referenceWording[action];
  const hintId = `${ids}-reference-hint`;
  const errorId = `${ids}-reference-error`;
  return (
    <div className="mt-4">
      <label className={fieldStyles.label} htmlFor={`${ids}-reference`}>
        {words.label}
        <input
          id={`${ids}-reference`}
          type="text"
          autoComplete="off"
          maxLength={MAX_PAYMENT_REFERENCE_LENGTH}
          placeholder={action === 'add' ? 'e.g. JazzCash TX 88412' : undefined}
          className={fieldStyles.input}
          value={field.input}
          onChange={(event) => {
            field.onInput(event.target.value);
            field.onError(null);
          }}
          aria-required={action === 'add'}
          aria-invalid={field.error !== null}
          aria-describedby={field.error ? `${hintId} ${errorId}` : hintId}
        />
      </label>
      <span id={hintId} className={fieldStyles.hint}>
        {words.hint}
      </span>
      {field.error ? (
        <p id={errorId} role="alert" className={fieldStyles.error}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}
