import type { ReactNode } from 'react';
import { studioCardStyle } from '@/components/ui/card-styles';

interface AccountSectionProps {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** The danger zone's card wears the danger colour on its edge. */
  tone?: 'default' | 'danger';
}

/** One card of the account page, named by its heading. */
export function AccountSection({ id, title, description, children, tone = 'default' }: AccountSectionProps) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className={`${studioCardStyle} ${tone === 'danger' ? 'border-danger/40' : ''}`}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-ink">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}
