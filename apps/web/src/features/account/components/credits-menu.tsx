import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronDown, Coins, ShoppingCart } from 'lucide-react';
import { Link } from 'react-router';
import { formatCompact } from '@/features/account/lib/compact-number';
import { formatCredits } from '@/lib/format';
import { menuContentProps, menuRootProps, menuStyles } from './menu-styles';

interface CreditsMenuProps {
  credits: number;
  /** Null when the account could not be read, so the figure is unknown. */
  totalCreditsUsed: number | null;
  /** Whether the word "credits" follows the figure on wide screens; it goes first when room runs short. */
  withWord?: boolean;
  /** Shorten the figure (1.01M) because the exact one does not fit; the tooltip keeps it exact. */
  compact?: boolean;
}

/** The credits figure in the top bar; its menu shows what has been used and leads to the pricing page. */
export function CreditsMenu({ credits, totalCreditsUsed, withWord = true, compact = false }: CreditsMenuProps) {
  const shown = formatCredits(credits);
  const visible = compact ? formatCompact(credits) : shown;
  return (
    <DropdownMenu.Root {...menuRootProps}>
      <DropdownMenu.Trigger
        // The name starts with what is on screen ("10,000 credits"), so speech-input users can say what
        // they see; a shortened figure is followed by the exact one for screen readers.
        aria-label={compact ? `${shown} credits, shown as ${visible}` : `${shown} credits`}
        title={compact ? `${shown} credits` : undefined}
        className={menuStyles.trigger}
      >
        <Coins aria-hidden className="h-4 w-4 shrink-0 text-accent" />
        <span className="tabular-nums">{visible}</span>
        {/* The space keeps "10,000 credits" two words for tools that read the text; the flex gap spaces them on screen. */}
        {withWord ? (
          <>
            {' '}
            <span className="hidden font-normal text-muted lg:inline">credits</span>
          </>
        ) : null}
        <ChevronDown aria-hidden className="hidden h-4 w-4 shrink-0 text-muted sm:block" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content {...menuContentProps} className={menuStyles.content}>
          <div className="px-3 pt-2 pb-3">
            <p className={menuStyles.label}>Credits</p>
            <p className="mt-1 text-2xl font-bold tracking-tight tabular-nums">{shown}</p>
            <p className="mt-1 text-sm text-muted">Speech costs 1 credit per character of text.</p>
          </div>
          {/* A menu may hold only items, groups and separators: a description list there breaks its role. */}
          <p className="mx-3 flex items-center justify-between border-t border-line py-3 text-sm">
            <span className="text-muted">Used so far</span>
            <span className="font-semibold tabular-nums">
              {totalCreditsUsed === null ? 'Unavailable' : formatCredits(totalCreditsUsed)}
            </span>
          </p>
          <DropdownMenu.Item asChild className={menuStyles.primaryItem}>
            <Link to="/pricing">
              <ShoppingCart aria-hidden className="h-4 w-4" />
              Buy Credits
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
