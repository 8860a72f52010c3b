import { ArrowLeft, LogOut, ShieldCheck } from 'lucide-react';
import { NavLink, useMatch } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Spinner } from './spinner';
import { buttonStyles } from './styles';

interface AdminTopBarProps {
  onLeave: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

// Narrower on phones, so three sections, the logo and Logout share a 390 px bar without scrolling.
const sectionLink = ({ isActive }: { isActive: boolean }) =>
  `${buttonStyles.ghost} max-sm:px-2 ${isActive ? 'bg-accent-soft text-accent-strong' : ''}`;

/** The panel's header, shaped like the dashboard's: Leave, the logo with a Staff mark, and Logout. */
export function AdminTopBar({ onLeave, onLogout, loggingOut }: AdminTopBarProps) {
  const onUserPage = useMatch('/admin-panel/users/:uid') !== null;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-card/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-4 sm:px-6">
        <button type="button" onClick={onLeave} className={buttonStyles.ghost}>
          <ArrowLeft aria-hidden className="h-5 w-5" />
          <span className="max-sm:sr-only">Leave</span>
        </button>
        <Logo className="shrink-0 max-sm:[&>span]:sr-only" />
        {/* Left out on phones, where the three sections and Logout need the width. */}
        <span className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold text-accent-strong max-sm:hidden">
          <ShieldCheck aria-hidden className="h-3.5 w-3.5" />
          Staff
        </span>
        <nav aria-label="Admin sections" className="ml-auto flex items-center gap-1">
          {/* Users stays marked on a user's own page; `end` keeps it off Models and Health. */}
          <NavLink to="/admin-panel" end={!onUserPage} className={sectionLink}>
            Users
          </NavLink>
          <NavLink to="/admin-panel/models" className={sectionLink}>
            Models
          </NavLink>
          <NavLink to="/admin-panel/health" className={sectionLink}>
            Health
          </NavLink>
        </nav>
        <button
          type="button"
          onClick={onLogout}
          disabled={loggingOut}
          aria-busy={loggingOut}
          className={buttonStyles.smallSecondary}
        >
          {loggingOut ? <Spinner /> : <LogOut aria-hidden className="h-4 w-4" />}
          <span className="max-sm:sr-only">{loggingOut ? 'Logging out…' : 'Logout'}</span>
        </button>
      </div>
    </header>
  );
}
