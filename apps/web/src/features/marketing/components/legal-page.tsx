import type { ReactNode } from 'react';
import { SectionHeading } from '@/components/ui/section-heading';
import { LongFormSection } from './long-form-section';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  lastUpdated: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}

/** The frame of the terms and privacy pages: title, date, introduction and numbered sections. */
export function LegalPage({ title, lastUpdated, intro, sections }: LegalPageProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading as="h1" align="left" eyebrow="Legal" title={title} description={<p>{intro}</p>} />
      <p className="mt-4 text-sm font-medium text-muted">{lastUpdated}</p>
      <div className="mt-12 space-y-12 border-t border-line pt-12">
        {sections.map((section, index) => (
          <LongFormSection key={section.id} id={section.id} title={`${index + 1}. ${section.title}`}>
            {section.body}
          </LongFormSection>
        ))}
      </div>
    </div>
  );
}
