import * as Accordion from '@radix-ui/react-accordion';
import { ChevronDown, Mail } from 'lucide-react';
import { SectionHeading } from '@/components/ui/section-heading';
import { useSupportEmail } from '@/features/marketing/hooks/use-support-email';
import { FAQ_ITEMS } from '@/features/marketing/lib/faq-items';
import { usePageTitle } from '@/lib/page-title';

export default function FaqsPage() {
  usePageTitle('Frequently Asked Questions');
  const supportEmail = useSupportEmail();

  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <SectionHeading
        as="h1"
        eyebrow="FAQs"
        title="Frequently Asked Questions"
        description="Quick answers about voices, cloning, credits and payments."
      />
      <Accordion.Root
        type="single"
        collapsible
        className="mt-10 divide-y divide-line rounded-card border border-line bg-card"
      >
        {FAQ_ITEMS.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Header asChild>
              <h2>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-ink hover:text-accent sm:px-6">
                  {item.question}
                  <ChevronDown
                    aria-hidden
                    className="h-5 w-5 shrink-0 text-muted transition-transform group-data-[state=open]:rotate-180"
                  />
                </Accordion.Trigger>
              </h2>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-5 text-muted sm:px-6">{item.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
      <p className="mt-10 text-center text-muted">
        <Mail aria-hidden className="mr-2 inline h-4 w-4 align-[-2px] text-accent" />
        Still have a question? Email our support team at{' '}
        <a href={`mailto:${supportEmail}`} className="font-medium text-accent underline underline-offset-2">
          {supportEmail}
        </a>
        .
      </p>
    </div>
  );
}
