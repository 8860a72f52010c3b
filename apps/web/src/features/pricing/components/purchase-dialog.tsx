import type { CreditPack, PurchaseResult } from '@sayso/contract/pricing';
import { useEffect, useState } from 'react';
import type { SessionUser } from '@/lib/account/session-user';
import { ApiError } from '@/lib/api-client';
import { useBuyPack } from '../api/buy-pack';
import { ConfirmPurchase, InsufficientBalance, LoginRequired, PurchaseSuccess } from './purchase-steps';

interface PurchaseDialogProps {
  /** The pack being bought; null keeps the dialog closed. */
  pack: CreditPack | null;
  user: SessionUser | null;
  onClose: () => void;
}

/** Where the dialog stands once Confirm has an answer; while it waits, the purchase is pending. */
type Step =
  /** `failure`: the last Confirm failed for another reason; the message shows inside the dialog and Confirm may be pressed again. */
  | { name: 'confirm'; failure?: string }
  | { name: 'insufficient' }
  | { name: 'login' }
  | { name: 'success'; result: PurchaseResult };

/**
 * Buy Now opens this. Visitors are asked to log in; signed-in users confirm, then see success
 * (with confetti), or the insufficient-balance prompt with Top Up. One idempotency key per opening
 * means a repeated Confirm can never buy twice.
 */
export function PurchaseDialog({ pack, user, onClose }: PurchaseDialogProps) {
  const [step, setStep] = useState<Step>({ name: 'confirm' });
  const [key, setKey] = useState(() => crypto.randomUUID());
  const purchase = useBuyPack();
  useEffect(() => {
    if (pack) {
      setStep({ name: 'confirm' });
      setKey(crypto.randomUUID());
    }
  }, [pack]);

  const processing = purchase.isPending;
  const onOpenChange = (next: boolean) => {
    if (!next && !processing) onClose();
  };
  const open = pack !== null;
  if (!user || step.name === 'login') return <LoginRequired open={open} onOpenChange={onOpenChange} />;
  if (!pack) return null;
  if (step.name === 'success') return <PurchaseSuccess result={step.result} onOpenChange={onOpenChange} />;
  if (step.name === 'insufficient') {
    return <InsufficientBalance pack={pack} email={user.email} onOpenChange={onOpenChange} />;
  }
  return (
    <ConfirmPurchase
      pack={pack}
      processing={processing}
      failure={step.failure ?? null}
      onOpenChange={onOpenChange}
      onTopUp={() => setStep({ name: 'insufficient' })}
      onConfirm={() =>
        purchase.mutate(
          { packId: pack.id, idempotencyKey: key },
          {
            onSuccess: (result) => setStep({ name: 'success', result }),
            onError: (error) => {
              if (error instanceof ApiError && error.status === 402) setStep({ name: 'insufficient' });
              else if (error instanceof ApiError && error.status === 401) setStep({ name: 'login' });
              else {
                // The spec's message, in the dialog rather than a native alert; the same key makes a retry safe.
                const message = error instanceof Error ? error.message : String(error);
                setStep({ name: 'confirm', failure: `Purchase failed: ${message}` });
              }
            },
          },
        )
      }
    />
  );
}
