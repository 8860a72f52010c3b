import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { BookA, BookOpen, ChevronDown, History, KeyRound, LogOut, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import type { AccountIdentity } from '@/features/account/hooks/use-account-identity';
import { LogoutDialog } from './logout-dialog';
import { menuContentProps, menuRootProps, menuStyles } from './menu-styles';
import { UserAvatar } from './user-avatar';

/**
 * The avatar in the top bar; its menu shows who is signed in, leads to the history, API keys, projects and pronunciation pages, and
 * offers Logout (after a confirmation).
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
            <DropdownMenu.Item asChild className={menuStyles.item}>
              <Link to="/account">
                <UserRound aria-hidden className="h-4 w-4" />
                Account
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuStyles.item}>
              <Link to="/history">
                <History aria-hidden className="h-4 w-4" />
                History
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuStyles.item}>
              <Link to="/dashboard/api-keys">
                <KeyRound aria-hidden className="h-4 w-4" />
                API keys
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuStyles.item}>
              <Link to="/projects">
                <BookOpen aria-hidden className="h-4 w-4" />
                Projects
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={menuStyles.item}>
              <Link to="/pronunciation">
                <BookA aria-hidden className="h-4 w-4" />
                Pronunciation
              </Link>
            </DropdownMenu.Item>
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
