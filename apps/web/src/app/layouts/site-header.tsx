import { LayoutDashboard, Menu, X } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { LoginButton } from '@/features/sign-in/components/login-button';
import { SignInErrorNotice } from '@/lib/sign-in/sign-in-error-notice';
import { useSessionUser } from '@/lib/account/session-user';

export const NAV_ITEMS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/docs', label: 'Docs' },
  { to: '/faqs', label: 'Faq' },
] as const;

// The account controls (menus, dialogs and their Radix and Floating UI code) only show for a
// signed-in visitor, so an anonymous visitor to the landing page does not download them.
const AccountControls = lazy(() =>
  import('@/features/account/components/account-controls').then((module) => ({ default: module.AccountControls })),
);

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-control px-3 py-2 text-sm font-medium transition-colors hover:text-accent ${isActive ? 'text-accent' : 'text-muted'}`;

const loginClass = 'rounded-control bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong';

const dashboardLinkClass =
  'h-10 shrink-0 items-center justify-center gap-2 rounded-control bg-accent-soft px-4 text-sm font-semibold text-accent-strong transition-colors hover:bg-accent hover:text-white';

/**
 * The public header: logo, the four page links and Login; below 768 px a burger opens the same
 * links. A signed-in visitor sees their account instead of Login (credits, balance, the avatar
 * menu and a Dashboard link), and as that needs more room, the links move into the burger below 1024 px.
 */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const signedIn = useSessionUser() !== null;
  const closeMenu = () => setMenuOpen(false);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/90 backdrop-blur">
      {signedIn ? (
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-3 sm:gap-4 sm:px-6">
          {/* On a phone the mark alone leaves room for exact figures. */}
          <Logo className="shrink-0 max-sm:[&>span]:sr-only" />
          <nav aria-label="Main" className="hidden items-center gap-1 lg:ml-4 lg:flex">
            <NavItems />
          </nav>
          {/* Until their code arrives, an empty spacer holds the menu button at the right edge. */}
          <Suspense fallback={<span className="ml-auto" />}>
            <AccountControls whenSessionEnds="stay" leading={<DashboardLink className="hidden md:inline-flex" />} />
          </Suspense>
          <MenuButton open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} className="lg:hidden" />
        </div>
      ) : (
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
            <NavItems />
          </nav>
          <div className="hidden md:block">
            <LoginButton className={loginClass} />
          </div>
          <MenuButton open={menuOpen} onToggle={() => setMenuOpen((open) => !open)} className="md:hidden" />
        </div>
      )}
      {menuOpen && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className={`border-t border-line bg-white px-4 pb-4 ${signedIn ? 'lg:hidden' : 'md:hidden'}`}
        >
          <ul className="flex flex-col py-2">
            <NavItems onNavigate={closeMenu} stacked />
          </ul>
          {signedIn ? (
            <DashboardLink className="flex w-full md:hidden" onNavigate={closeMenu} />
          ) : (
            <LoginButton className={loginClass} onStart={closeMenu} />
          )}
        </nav>
      )}
      <SignInErrorNotice />
    </header>
  );
}

function NavItems({ onNavigate, stacked = false }: { onNavigate?: () => void; stacked?: boolean }) {
  return NAV_ITEMS.map((item) =>
    stacked ? (
      <li key={item.to}>
        {/* A block link: an inline one around a block label left tall gaps between the items. */}
        <NavLink to={item.to} className={(state) => `block ${navClass(state)}`} onClick={onNavigate}>
          <span className="block py-1 text-base">{item.label}</span>
        </NavLink>
      </li>
    ) : (
      <NavLink key={item.to} to={item.to} className={navClass}>
        {item.label}
      </NavLink>
    ),
  );
}

function DashboardLink({ className, onNavigate }: { className: string; onNavigate?: () => void }) {
  return (
    <Link to="/dashboard" onClick={onNavigate} className={`${dashboardLinkClass} ${className}`}>
      <LayoutDashboard aria-hidden className="h-4 w-4" />
      Dashboard
    </Link>
  );
}

function MenuButton({ open, onToggle, className }: { open: boolean; onToggle: () => void; className: string }) {
  return (
    <button
      type="button"
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-control text-ink hover:bg-accent-soft ${className}`}
      aria-label={open ? 'Close menu' : 'Open menu'}
      aria-expanded={open}
      aria-controls="mobile-menu"
      onClick={onToggle}
    >
      {open ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
    </button>
  );
}
