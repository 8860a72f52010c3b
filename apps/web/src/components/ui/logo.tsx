import { Link } from 'react-router';

interface LogoProps {
  className?: string;
  /**
   * Whether the logo leads to the landing page. The sign-in popup shows it without the link: a
   * click there would take the little window away from signing in.
   */
  linkHome?: boolean;
}

export function Logo({ className = '', linkHome = true }: LogoProps) {
  const look = `inline-flex items-center gap-2 font-semibold text-ink ${className}`;
  const content = (
    <>
      <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className="text-lg tracking-tight">Sayso</span>
    </>
  );
  if (!linkHome) return <span className={look}>{content}</span>;
  return (
    <Link to="/" className={look} aria-label="Sayso home">
      {content}
    </Link>
  );
}
