import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookA, BookOpen, ChevronDown, History, KeyRound, LogOut, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AccountIdentity } from '@/features/account/hooks/use-account-identity';
import { LogoutDialog } from './logout-dialog';
import { menuContentProps, menuRootProps, menuStyles } from './menu-styles';
import { UserAvatar } from './user-avatar';

/** The signed-in pages the menu leads to, in its order (the keyboard reaches Account first). */
const PAGE_LINKS = [
  { to: '/account', label: 'Account', Icon: UserRound },
  { to: '/history', label: 'History', Icon: History },
  { to: '/dashboard/api-keys', label: 'API keys', Icon: KeyRound },
  { to: '/projects', label: 'Projects', Icon: BookOpen },
  { to: '/pronunciation', label: 'Pronunciation', Icon: BookA },
] as const;

/**
 * The avatar in the top bar; its menu shows who is signed in, leads to the pages of PAGE_LINKS, and offers Logout (after a confirmation).
 */
export function UserMenu({ user }: { user: AccountIdentity }) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <DropdownMenu.Root {...menuRootProps}>
        {/* Named from its text: the user's name (on screen from md up, read out at every width) and what it opens. */}
        <DropdownMenu.Trigger
          ref={triggerRef}
          className="inline-flex h-10 shrink-0 items-center gap-2 rounded-full p-0.5 transition-colors hover:bg-accent-soft data-[state=open]:bg-accent-soft md:rounded-control md:py-1 md:pr-2 md:pl-1"
        >
          <UserAvatar name={user.name} photo={user.photo} className="h-9 w-9 text-sm md:h-8 md:w-8 md:text-xs" />
          <span className="text-sm font-semibold text-ink max-md:sr-only md:max-w-40 md:truncate">{user.name}</span>
          <span className="sr-only">, account menu</span>
          <ChevronDown aria-hidden className="hidden h-4 w-4 shrink-0 text-muted md:block" />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            {...menuContentProps}
            className={menuStyles.content}
            // The confirmation dialog takes focus; the menu must not pull it back to its trigger.
            onCloseAutoFocus={(event) => {
              if (confirmingLogout) event.preventDefault();
            }}
          >
            <div className="flex items-center gap-3 px-3 pt-2 pb-3">
              <UserAvatar name={user.name} photo={user.photo} className="h-10 w-10 text-sm" />
              <div className="min-w-0">
                <p className="truncate text-sm font-semibold">{user.name}</p>
                <p className="truncate text-sm text-muted">{user.email}</p>
              </div>
            </div>
            <DropdownMenu.Separator className={menuStyles.separator} />
            {PAGE_LINKS.map(({ to, label, Icon }) => (
              <DropdownMenu.Item key={to} asChild className={menuStyles.item}>
                <Link to={to}>
                  <Icon aria-hidden className="h-4 w-4" />
                  {label}
                </Link>
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Item className={menuStyles.item} onSelect={() => setConfirmingLogout(true)}>
              <LogOut aria-hidden className="h-4 w-4" />
              Logout
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <LogoutDialog
        open={confirmingLogout}
        onOpenChange={setConfirmingLogout}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      />
    </>
  );
}
