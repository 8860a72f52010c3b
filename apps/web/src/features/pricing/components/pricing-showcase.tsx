import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { SectionHeading } from '@/components/ui/section-heading';
import { PackSummary } from './pack-card';
import { PacksQueryState } from './packs-query-state';

export function PricingShowcase() {
  const grid = 'mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3';
  return (
    <section aria-labelledby="pricing-heading" className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading
        id="pricing-heading"
        eyebrow="Pricing"
        title="Pay once, use your credits whenever"
        description="One credit speaks one character. Buy a pack in PKR when you need it. Credits never expire."
      />
      <PacksQueryState gridClassName={grid} skeletonClassName="h-24 sm:h-32">
        {(packs) => (
          <ul className={grid}>
            {packs.map((pack) => (
              <PackSummary key={pack.id} pack={pack} />
            ))}
          </ul>
        )}
      </PacksQueryState>
      <div className="mt-10 flex justify-center">
        <Link to="/pricing" className={`${buttonStyles.primary} px-6 py-3 text-base`}>
          Go To Pricing
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
    </section>
  );
}
