import { SectionHeading } from '@/components/ui/section-heading';
import { DOCS_SECTIONS } from '@/features/marketing/components/docs-content';
import { LongFormSection } from '@/features/marketing/components/long-form-section';
import { TableOfContents } from '@/features/marketing/components/table-of-contents';
import { usePageTitle } from '@/lib/page-title';

export default function DocsPage() {
  usePageTitle('Documentation');
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        as="h1"
        align="left"
        eyebrow="Docs"
        title="Sayso documentation"
        description="Everything you need to generate speech, clone a voice and manage your credits."
      />
      <div className="mt-10 grid gap-10 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-16">
        <aside>
          <TableOfContents entries={DOCS_SECTIONS} />
        </aside>
        <div className="max-w-3xl space-y-14">
          {DOCS_SECTIONS.map((section) => (
            <LongFormSection key={section.id} id={section.id} title={section.title}>
              {section.body}
            </LongFormSection>
          ))}
        </div>
      </div>
    </div>
  );
}
