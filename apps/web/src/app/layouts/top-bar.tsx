import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { AccountControls } from '@/features/account/components/account-controls';

/**
 * The signed-in screens' header: an optional back arrow, the logo and the account controls. Below
 * 640 px the logo keeps only its mark, so the figures have room to show exactly; they shorten
 * (1.01M) only when even then they do not fit.
 */
export function TopBar({ backTo, backLabel = 'Back to dashboard' }: { backTo?: string; backLabel?: string }) {
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-card/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
        {backTo ? (
          <Link
            to={backTo}
            aria-label={backLabel}
            className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-control text-ink transition-colors hover:bg-accent-soft hover:text-accent-strong"
          >
            <ArrowLeft aria-hidden className="h-5 w-5" />
          </Link>
        ) : null}
        <Logo className="shrink-0 max-sm:[&>span]:sr-only" />
        <AccountControls />
      </div>
    </header>
  );
}
