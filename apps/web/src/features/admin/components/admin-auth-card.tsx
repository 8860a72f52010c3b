import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Logo } from '@/components/ui/logo';
import { cardStyle } from './styles';

interface AdminAuthCardProps {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  children: ReactNode;
}

/** The centred card of the panel's own sign-in screens: logo, icon and heading, a line, the form. */
export function AdminAuthCard({ icon: Icon, title, description, children }: AdminAuthCardProps) {
  const titleId = useId();
  return (
    <main className="flex min-h-screen items-center justify-center bg-surface px-4 py-10 text-ink">
      <section aria-labelledby={titleId} className={`w-full max-w-sm p-6 sm:p-8 ${cardStyle}`}>
        <Logo />
        <div className="mt-6 flex items-center gap-3">
          <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-control bg-accent-soft text-accent">
            <Icon aria-hidden className="h-5 w-5" />
          </span>
          <h1 id={titleId} className="text-2xl font-bold tracking-tight">
            {title}
          </h1>
        </div>
        <p className="mt-2 text-sm text-muted">{description}</p>
        {children}
      </section>
    </main>
  );
}
