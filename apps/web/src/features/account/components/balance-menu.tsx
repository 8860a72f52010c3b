import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Mail, MessageCircle, Wallet } from 'lucide-react';
import { formatCompact } from '@/features/account/lib/compact-number';
import { PaymentNotSetUp } from '@/components/ui/payment-not-set-up';
import { useTopUpRoute } from '@/lib/chat-link';
import { formatMoney } from '@/lib/format';
import { menuContentProps, menuRootProps, menuStyles } from './menu-styles';

interface BalanceMenuProps {
  /** Null when the account could not be read, so the balance is unknown. */
  balance: number | null;
  currency: string;
  /** The account email, written into the top-up message. */
  email: string | null;
  /** Shorten the amount (1.5K PKR) because the exact one does not fit; the tooltip keeps it exact. */
  compact?: boolean;
}

/** The money balance in the top bar; its menu explains topping up and opens the prefilled chat. */
export function BalanceMenu({ balance, currency, email, compact = false }: BalanceMenuProps) {
  const topUp = useTopUpRoute(email);
  const shown = balance === null ? 'Unavailable' : formatMoney(balance, currency);

  const openTopUpChat = () => {
    // Until the settings arrive there is no number to write to: the item does nothing rather than open an empty chat.
    if (topUp.kind === 'chat') window.open(topUp.href, '_blank', 'noopener,noreferrer');
  };

  return (
    <DropdownMenu.Root {...menuRootProps}>
      <DropdownMenu.Trigger
        // A shortened amount is named too, so the name holds what is on screen as well as the exact figure.
        aria-label={
          compact && balance !== null
            ? `Balance: ${shown}, shown as ${balanceText(balance, currency, true)}`
            : `Balance: ${shown}`
        }
        title={compact && balance !== null ? shown : undefined}
        className={menuStyles.trigger}
      >
        <Wallet aria-hidden className="h-4 w-4 shrink-0 text-accent" />
        <span className="tabular-nums">{balanceText(balance, currency, compact)}</span>
        <ChevronDown aria-hidden className="hidden h-4 w-4 shrink-0 text-muted sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content {...menuContentProps} className={menuStyles.content}>
          <div className="px-3 pt-2 pb-3">
            <p className={menuStyles.label}>Balance</p>
            <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{shown}</p>
            <p className="mt-2 text-sm text-muted">
              {topUp.kind === 'email' ? (
                // No chat number is configured: say so in the menu, with the address that reaches staff.
                <PaymentNotSetUp supportEmail={topUp.supportEmail} />
              ) : (
                'To top up, message us on chat: the message is written for you with your account email. Our team adds the amount to your balance, and you spend it on credit packs on the pricing page.'
              )}
            </p>
          </div>
          {topUp.kind === 'email' ? (
            <DropdownMenu.Item asChild className={menuStyles.primaryItem}>
              <a href={topUp.href}>
                <Mail aria-hidden className="h-4 w-4" />
                Email us to top up
              </a>
            </DropdownMenu.Item>
          ) : (
            <DropdownMenu.Item className={menuStyles.primaryItem} onSelect={openTopUpChat}>
              <MessageCircle aria-hidden className="h-4 w-4" />
              Top Up
            </DropdownMenu.Item>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function balanceText(balance: number | null, currency: string, compact: boolean): string {
  if (balance === null) return '—';
  return compact ? `${formatCompact(balance)} ${currency}` : formatMoney(balance, currency);
}
