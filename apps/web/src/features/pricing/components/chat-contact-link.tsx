import { MessageCircle } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { SessionUser } from '@/lib/account/session-user';
import { chatLink, topUpMessage } from '@/lib/chat-link';
import { useSiteConfig } from '@/lib/site/get-site-config';

/** Opens the chat app in a new tab with a top-up request that names the account email. */
export function ChatContactLink({ user }: { user: SessionUser | null }) {
  const { data: config } = useSiteConfig();
  return (
    <a
      href={chatLink(config?.chatNumber, topUpMessage(user?.email))}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonStyles.primary}
    >
      <MessageCircle aria-hidden className="h-4 w-4" />
      Contact us on WhatsApp
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
