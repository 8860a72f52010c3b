import { MessageCircle } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import { PaymentNotSetUp } from '@/components/ui/payment-not-set-up';
import type { SessionUser } from '@/lib/account/session-user';
import { useTopUpRoute } from '@/lib/chat-link';

/**
 * Opens the chat app in a new tab with a top-up request that names the account email; on an
 * installation without a chat number it says so and offers the support address instead.
 */
export function ChatContactLink({ user }: { user: SessionUser | null }) {
  const route = useTopUpRoute(user?.email);
  if (route.kind === 'email') {
    return (
      <p className="mt-8 max-w-2xl rounded-control border border-line bg-surface px-4 py-3 text-sm text-ink">
        <PaymentNotSetUp supportEmail={route.supportEmail} href={route.href} />
      </p>
    );
  }
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:items-center sm:gap-4">
      {/* Until the settings arrive the button is shown without a destination, so it never opens an empty chat. */}
      <a
        href={route.kind === 'chat' ? route.href : undefined}
        aria-disabled={route.kind === 'unknown' || undefined}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles.primary}
      >
        <MessageCircle aria-hidden className="h-4 w-4" />
        Contact us on WhatsApp
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <p className="text-sm text-muted">Questions about a pack or a payment? Ask us in the same chat.</p>
    </div>
  );
}
