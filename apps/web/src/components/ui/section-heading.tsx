import type { ReactNode } from 'react';

interface SectionHeadingProps {
  title: string;
  eyebrow?: string;
  description?: ReactNode;
  /** The page's title uses h1; every other section uses h2. */
  as?: 'h1' | 'h2';
  id?: string;
  align?: 'left' | 'center';
}

export function SectionHeading({
  title,
  eyebrow,
  description,
  as: Heading = 'h2',
  id,
  align = 'center',
}: SectionHeadingProps) {
  const alignment = align === 'center' ? 'mx-auto text-center' : '';
  const size = Heading === 'h1' ? 'text-3xl sm:text-4xl lg:text-5xl' : 'text-2xl sm:text-3xl';
  return (
    <div className={`max-w-2xl ${alignment}`}>
      {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p> : null}
      <Heading id={id} className={`mt-2 font-bold tracking-tight text-ink text-balance ${size}`}>
        {title}
      </Heading>
      {description ? <div className="mt-4 text-base text-muted sm:text-lg">{description}</div> : null}
    </div>
  );
}
