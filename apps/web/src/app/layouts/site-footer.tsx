import { Link } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { useVoiceOffer } from '@/lib/site/voice-offer';

// The spec's footer spells three links with capitals; routes match case-insensitively.
const FOOTER_LINKS = [
  { to: '/pricing', label: 'Pricing' },
  { to: '/Blogs', label: 'Blogs' },
  { to: '/Docs', label: 'Docs' },
  { to: '/FAQs', label: 'FAQs' },
  { to: '/terms', label: 'Terms of Service' },
  { to: '/privacy', label: 'Privacy Policy' },
] as const;

export function SiteFooter() {
  // "Natural" only where the voices are neural (decision 0004).
  const { natural } = useVoiceOffer();
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm space-y-2">
          <Logo />
          <p className="text-sm text-muted">
            {natural
              ? 'Natural speech from your text, and your own voice from a short sample.'
              : 'Clear speech from your text, and a voice of your own from a short sample.'}
          </p>
        </div>
        <nav aria-label="Footer">
          <ul className="grid grid-cols-2 gap-x-10 gap-y-2 text-sm sm:grid-cols-3">
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="text-muted hover:text-accent">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="border-t border-line px-4 py-4 text-center text-xs text-muted">
        © {new Date().getFullYear()} Sayso. All rights reserved.
      </p>
    </footer>
  );
}
