import * as Dialog from '@radix-ui/react-dialog';
import type { CreditPack, PurchaseResult } from '@sayso/contract/pricing';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2 } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { InlineMessage } from '@/components/ui/inline-message';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PaymentNotSetUp } from '@/components/ui/payment-not-set-up';
import { meQuery } from '@/lib/account/get-me';
import { useTopUpRoute } from '@/lib/chat-link';
import { formatCredits, formatMoney } from '@/lib/format';
import { packName } from '../lib/pack-value';
import { Confetti } from './confetti';

export const LOGIN_REQUIRED_TEXT = 'Please login to your account to purchase credits and unlock all features.';
export const INSUFFICIENT_BALANCE_TEXT = "Your account doesn't have enough balance to complete this purchase.";

export type OpenChange = (open: boolean) => void;

const cancel = (
  <Dialog.Close type="button" className={buttonStyles.secondary}>
    Cancel
  </Dialog.Close>
);

export function LoginRequired({ open, onOpenChange }: { open: boolean; onOpenChange: OpenChange }) {
  const navigate = useNavigate();
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Login Required"
      description={LOGIN_REQUIRED_TEXT}
      actions={
        <>
          {cancel}
          <button type="button" className={buttonStyles.primary} onClick={() => navigate('/')}>
            Login
          </button>
        </>
      }
    />
  );
}

export function ConfirmPurchase({
  pack,
  processing,
  failure = null,
  onOpenChange,
  onConfirm,
  onTopUp,
}: {
  pack: CreditPack;
  processing: boolean;
  /** Why the last Confirm failed ('Purchase failed: …'), shown above the buttons. */
  failure?: string | null;
  onOpenChange: OpenChange;
  onConfirm: () => void;
  /** The balance is short: the way to top it up (the Insufficient Balance step). */
  onTopUp: () => void;
}) {
  // Read fresh, so a balance too small for the pack is said before Confirm, not after it. The
  // server still decides: a balance that changed in between gets its 402 and the same prompt.
  const me = useQuery({ ...meQuery, staleTime: 0 });
  const balance = me.data?.balance;
  const shortId = useId();
  const shortBy = typeof balance === 'number' && balance < pack.price ? pack.price - balance : null;
  return (
    <ModalDialog
      open
      onOpenChange={onOpenChange}
      title="Confirm Purchase"
      description="Check the details below. The price is taken from your account balance."
      actions={
        <>
          {processing ? (
            <button type="button" className={buttonStyles.secondary} disabled>
              Cancel
            </button>
          ) : (
            cancel
          )}
          {shortBy !== null && (
            <button type="button" className={buttonStyles.secondary} onClick={onTopUp}>
              Top up first
            </button>
          )}
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={processing || shortBy !== null}
            aria-describedby={shortBy !== null ? shortId : undefined}
            onClick={onConfirm}
          >
            {processing ? (
              <>
                <span
                  aria-hidden
                  className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent"
                />
                Processing…
              </>
            ) : (
              'Confirm'
            )}
          </button>
        </>
      }
    >
      <dl className="mt-6 divide-y divide-line rounded-control border border-line text-sm">
        <SummaryRow label="Package" value={packName(pack)} />
        <SummaryRow label="Credits" value={formatCredits(pack.credits)} />
        <SummaryRow label="Amount" value={formatMoney(pack.price, pack.currency)} />
        {typeof balance === 'number' && (
          <SummaryRow label="Your balance" value={formatMoney(balance, me.data?.currency ?? pack.currency)} />
        )}
      </dl>
      {shortBy !== null && (
        <p
          id={shortId}
          data-testid="purchase-balance-short"
          className="mt-4 rounded-control border border-danger/30 bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {INSUFFICIENT_BALANCE_TEXT} You are {formatMoney(shortBy, me.data?.currency ?? pack.currency)} short.
        </p>
      )}
      {failure && !processing && (
        <div className="mt-4">
          <InlineMessage tone="error" messageKey={failure}>
            {failure}
          </InlineMessage>
        </div>
      )}
    </ModalDialog>
  );
}

export function InsufficientBalance({
  pack,
  email,
  onOpenChange,
}: {
  pack: CreditPack;
  email: string;
  onOpenChange: OpenChange;
}) {
  const route = useTopUpRoute(email);
  const price = `The ${packName(pack)} pack costs ${formatMoney(pack.price, pack.currency)}.`;
  return (
    <ModalDialog
      open
      onOpenChange={onOpenChange}
      title="Insufficient Balance"
      description={INSUFFICIENT_BALANCE_TEXT}
      actions={
        <>
          {cancel}
          {route.kind === 'email' ? (
            <a href={route.href} className={buttonStyles.primary}>
              Email us to top up
            </a>
          ) : (
            // Without a destination until the settings arrive, so it never opens an empty chat.
            <a
              href={route.kind === 'chat' ? route.href : undefined}
              aria-disabled={route.kind === 'unknown' || undefined}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonStyles.primary}
            >
              Top Up
              <span className="sr-only">(opens WhatsApp in a new tab)</span>
            </a>
          )}
        </>
      }
    >
      <p className="mt-4 text-sm text-muted">
        {route.kind === 'email' ? (
          <>
            {price} <PaymentNotSetUp supportEmail={route.supportEmail} href={route.href} /> Then come back and buy the
            pack.
          </>
        ) : (
          <>{price} Top up over WhatsApp; once our team adds the payment to your balance, come back and buy the pack.</>
        )}
      </p>
    </ModalDialog>
  );
}

export function PurchaseSuccess({ result, onOpenChange }: { result: PurchaseResult; onOpenChange: OpenChange }) {
  const navigate = useNavigate();
  return (
    <>
      <Confetti />
      <ModalDialog
        open
        onOpenChange={onOpenChange}
        title="Purchase Successful!"
        description={`${formatCredits(result.credits)} credits have been added to your account.`}
        actions={
          <button type="button" className={buttonStyles.primary} onClick={() => navigate('/dashboard')}>
            Continue to Dashboard
          </button>
        }
      >
        <div className="mt-6 flex items-center gap-3 rounded-control bg-success-soft px-4 py-3 text-sm text-success">
          <CheckCircle2 aria-hidden className="h-5 w-5 shrink-0" />
          <span>
            You now have {formatCredits(result.creditsAfter)} credits. Balance left:{' '}
            {formatMoney(result.balance, result.currency)}.
          </span>
        </div>
      </ModalDialog>
    </>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-4 px-4 py-3">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold text-ink tabular-nums">{value}</dd>
    </div>
  );
}
