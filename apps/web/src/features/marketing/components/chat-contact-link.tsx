import { MessageCircle } from 'lucide-react';
import type { SessionUser } from '@/features/session/session-user';
import { useSiteConfig } from '@/features/site/api/get-site-config';
import { chatLink, topUpMessage } from '@/lib/chat-link';
import { buttonStyles } from './button-styles';

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
