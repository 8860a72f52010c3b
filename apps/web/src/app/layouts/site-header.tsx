import { Menu, X } from 'lucide-react';
import { useState } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { LoginButton } from '@/features/sign-in/components/login-button';

export const NAV_ITEMS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/blogs', label: 'Blogs' },
  { to: '/docs', label: 'Docs' },
  { to: '/faqs', label: 'Faq' },
] as const;

const navClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-control px-3 py-2 text-sm font-medium transition-colors hover:text-accent ${isActive ? 'text-accent' : 'text-muted'}`;

const loginClass = 'rounded-control bg-accent px-4 py-2 text-sm font-semibold text-white hover:bg-accent-strong';

/** The public header: logo, the four page links and Login; below 768 px a burger opens the same links. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => (
            <NavLink key={item.to} to={item.to} className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden md:block">
          <LoginButton className={loginClass} />
        </div>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-control text-ink hover:bg-accent-soft md:hidden"
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X aria-hidden className="h-6 w-6" /> : <Menu aria-hidden className="h-6 w-6" />}
        </button>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t border-line bg-white px-4 pb-4 md:hidden">
          <ul className="flex flex-col py-2">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={navClass} onClick={() => setMenuOpen(false)}>
                  <span className="block py-1 text-base">{item.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <LoginButton className={loginClass} onStart={() => setMenuOpen(false)} />
        </nav>
      )}
    </header>
  );
}
