import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { packName } from '@/features/marketing/lib/pack-value';
import type { SessionUser } from '@/features/session/session-user';
import type { CreditPack } from '@/features/site/api/get-credit-packs';
import { formatCredits, formatMoney } from '@/lib/format';
import { buttonStyles } from './button-styles';
import { MarketingDialog } from './marketing-dialog';

interface PurchaseDialogProps {
  /** The pack being bought; null keeps the dialog closed. */
  pack: CreditPack | null;
  user: SessionUser | null;
  onClose: () => void;
}

export const LOGIN_REQUIRED_TEXT = 'Please login to your account to purchase credits and unlock all features.';

/** Buy Now opens this: a login prompt for visitors, a purchase summary for signed-in users. */
export function PurchaseDialog({ pack, user, onClose }: PurchaseDialogProps) {
  const navigate = useNavigate();
  const open = pack !== null;
  const onOpenChange = (next: boolean) => {
    if (!next) onClose();
  };
  const cancel = (
    <Dialog.Close type="button" className={buttonStyles.secondary}>
      Cancel
    </Dialog.Close>
  );

  if (!user) {
    return (
      <MarketingDialog
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

  return (
    <MarketingDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Confirm Purchase"
      description="Check the details below. The price is taken from your account balance."
      actions={
        <>
          {cancel}
          <button type="button" className={buttonStyles.primary} disabled aria-describedby="purchase-soon-note">
            Confirm
          </button>
        </>
      }
    >
      {pack ? (
        <>
          <dl className="mt-6 divide-y divide-line rounded-control border border-line text-sm">
            <SummaryRow label="Package" value={packName(pack)} />
            <SummaryRow label="Credits" value={formatCredits(pack.credits)} />
            <SummaryRow label="Amount" value={formatMoney(pack.price, pack.currency)} />
          </dl>
          <p
            id="purchase-soon-note"
            className="mt-4 rounded-control bg-accent-soft px-4 py-3 text-sm text-accent-strong"
          >
            Purchases open soon
          </p>
        </>
      ) : null}
    </MarketingDialog>
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
