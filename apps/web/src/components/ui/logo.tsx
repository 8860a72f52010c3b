import { Link } from 'react-router';

export function Logo({ className = '' }: { className?: string }) {
  return (
    <Link
      to="/"
      className={`inline-flex items-center gap-2 font-semibold text-ink ${className}`}
      aria-label="Sayso home"
    >
      <img src="/logo.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className="text-lg tracking-tight">Sayso</span>
    </Link>
  );
}
