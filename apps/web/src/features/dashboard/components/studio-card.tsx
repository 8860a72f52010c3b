import { ArrowRight, Check, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

interface StudioCardProps {
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
  /** Short facts about the studio, each shown with a check mark. */
  facts: readonly string[];
}

/** One of the dashboard's two big entry cards; the whole card is the link. */
export function StudioCard({ to, icon: Icon, title, description, facts }: StudioCardProps) {
  return (
    <Link
      to={to}
      className="group flex flex-col rounded-card border border-line bg-card p-6 shadow-sm transition-[border-color,box-shadow] hover:border-accent hover:shadow-md sm:p-8"
    >
      <span className="inline-flex h-12 w-12 items-center justify-center rounded-control bg-accent-soft text-accent">
        <Icon aria-hidden className="h-6 w-6" />
      </span>
      <h2 className="mt-5 text-xl font-semibold text-ink">{title}</h2>
      <p className="mt-2 text-muted">{description}</p>
      <ul className="mt-5 space-y-2 text-sm text-ink">
        {facts.map((fact) => (
          <li key={fact} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-success" />
            {fact}
          </li>
        ))}
      </ul>
      <span className="mt-6 inline-flex items-center gap-1.5 pt-1 text-sm font-semibold text-accent group-hover:text-accent-strong sm:mt-auto sm:pt-6">
        Open studio
        <ArrowRight aria-hidden className="h-4 w-4 transition-transform group-hover:translate-x-0.5" />
      </span>
    </Link>
  );
}
