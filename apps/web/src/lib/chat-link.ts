import { useSiteConfig } from '@/lib/site/get-site-config';

/** A link that opens the chat app with a message typed in to the given number. */
export function chatLink(chatNumber: string, message: string): string {
  return `https://wa.me/${chatNumber}?text=${encodeURIComponent(message)}`;
}

export function topUpMessage(email: string | null | undefined): string {
  return `Hello Sayso team, I would like to top up my balance. My account email is ${email ?? '(not signed in)'}.`;
}

/** An email to staff with the same top-up request, for installations without a chat number. */
export function topUpEmailLink(supportEmail: string, email: string | null | undefined): string {
  const subject = encodeURIComponent('Top up my balance');
  return `mailto:${supportEmail}?subject=${subject}&body=${encodeURIComponent(topUpMessage(email))}`;
}

export const PAYMENT_NOT_SET_UP_TEXT = 'Online payment is not set up yet.';

/**
 * Where a Top Up button goes: the chat with staff when the operator set a chat number; otherwise
 * (CHAT_NUMBER unset) a chat link would open with no recipient, so the button explains instead
 * and offers the support address. 'unknown' while the site settings load.
 */
export type TopUpRoute =
  | { kind: 'unknown' }
  | { kind: 'chat'; href: string }
  | { kind: 'email'; href: string; supportEmail: string };

export function useTopUpRoute(email: string | null | undefined): TopUpRoute {
  const { data: config } = useSiteConfig();
  if (!config) return { kind: 'unknown' };
  if (config.chatNumber) return { kind: 'chat', href: chatLink(config.chatNumber, topUpMessage(email)) };
  return { kind: 'email', href: topUpEmailLink(config.supportEmail, email), supportEmail: config.supportEmail };
}
