import type { ReactNode } from 'react';
import { proseStyles } from './prose';

/** One titled section of a docs or legal page; its id is the anchor the table of contents links to. */
export function LongFormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-24">
      <h2 id={`${id}-heading`} className="text-2xl font-bold tracking-tight text-ink">
        {title}
      </h2>
      <div className={proseStyles}>{children}</div>
    </section>
  );
}
