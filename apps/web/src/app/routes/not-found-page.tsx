import { Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { usePageTitle } from '@/lib/page-title';

const HELP_LINKS = [
  { to: '/docs', label: 'Read the docs' },
  { to: '/faqs', label: 'Browse the FAQs' },
  { to: '/pricing', label: 'See pricing' },
] as const;

export default function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <p className="text-6xl font-bold tracking-tight text-accent sm:text-7xl">404</p>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-ink sm:text-3xl">This page has gone quiet</h1>
      <p className="mt-3 text-muted">
        We couldn’t find the page you were looking for. The link may be old, or the address may have a typo.
      </p>
      <Link to="/" className={`${buttonStyles.primary} mt-8 px-6 py-3 text-base`}>
        <Home aria-hidden className="h-4 w-4" />
        Back to the home page
      </Link>
      <nav aria-label="Helpful pages" className="mt-8">
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm">
          {HELP_LINKS.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="font-medium text-accent underline-offset-4 hover:underline">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
