import { PAYMENT_NOT_SET_UP_TEXT } from '@/lib/chat-link';

/**
 * What a Top Up button says when the installation has no chat number: payment cannot be made
 * online yet, and how to reach staff instead (the top-up request is written into the email).
 * Without `href` the address is plain text, for places (a menu) where the action is its own item.
 */
export function PaymentNotSetUp({ supportEmail, href }: { supportEmail: string; href?: string }) {
  return (
    <span data-testid="payment-not-set-up">
      {PAYMENT_NOT_SET_UP_TEXT} To top up, email our team at{' '}
      {href ? (
        <a href={href} className="font-semibold break-all text-accent underline hover:text-accent-strong">
          {supportEmail}
        </a>
      ) : (
        <span className="font-semibold break-all text-ink">{supportEmail}</span>
      )}{' '}
      and we will add the amount to your balance.
    </span>
  );
}
