import type { CreditPack } from '@sayso/contract/pricing';
import { ArrowLeft, Check } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { buttonStyles } from '@/components/ui/button-styles';
import { SectionHeading } from '@/components/ui/section-heading';
import { ChatContactLink } from '@/features/pricing/components/chat-contact-link';
import { PackCard, packHighlights } from '@/features/pricing/components/pack-card';
import { PacksQueryState } from '@/features/pricing/components/packs-query-state';
import { PurchaseDialog } from '@/features/pricing/components/purchase-dialog';
import {
  baselinePack,
  bestValuePack,
  CHARACTERS_PER_MINUTE,
  savingPercent,
  sharedFeatures,
} from '@/features/pricing/lib/pack-value';
import { readSessionUser } from '@/lib/account/session-user';
import { usePageTitle } from '@/lib/page-title';

const PACK_GRID = 'grid gap-6 pt-3 sm:grid-cols-2 lg:grid-cols-3';

const PAYMENT_STEPS = [
  {
    title: 'Top up your balance',
    // True with or without a chat number: without one, the contact button below gives the support address.
    text: 'Contact our team with the amount you want to add, using the button below. Your account email goes with it.',
  },
  {
    title: 'We add it to your account',
    text: 'Once the payment arrives, our team adds the amount to your balance in PKR.',
  },
  {
    title: 'Buy any pack',
    text: 'Press Buy Now on a pack. The price comes out of your balance and the credits are yours at once.',
  },
];

export default function PricingPage() {
  usePageTitle('Pricing');
  const navigate = useNavigate();
  const [user] = useState(() => readSessionUser());
  const [selectedPack, setSelectedPack] = useState<CreditPack | null>(null);

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <button
        type="button"
        onClick={() => navigate(user ? '/dashboard' : '/')}
        className={`${buttonStyles.secondary} px-4 py-2`}
      >
        <ArrowLeft aria-hidden className="h-4 w-4" />
        Go Back
      </button>

      <div className="mt-8">
        <SectionHeading
          as="h1"
          title="Simple, Transparent Pricing"
          description={
            <>
              <p className="font-medium text-ink">No hidden fees, no subscriptions.</p>
              <p className="mt-3 text-base">
                Every pack is a one-time payment in PKR. Your credits never expire, one credit speaks one character, and
                bulk purchases come with a discount: every pack above Starter costs less per credit than Starter. Each
                card shows its price per 1,000 credits, so you can compare them.
              </p>
            </>
          }
        />
      </div>

      <section aria-labelledby="packs-heading" className="mt-12">
        <h2 id="packs-heading" className="sr-only">
          Credit packs
        </h2>
        <PacksQueryState gridClassName={PACK_GRID} skeletonClassName="h-[30rem]">
          {(packs) => <PackGrid packs={packs} onBuy={setSelectedPack} />}
        </PacksQueryState>
      </section>

      <section
        aria-labelledby="payment-heading"
        className="mt-16 rounded-card border border-line bg-card p-6 shadow-sm sm:p-10"
      >
        <SectionHeading
          id="payment-heading"
          align="left"
          title="How paying works"
          description="You pay from your Sayso balance, which our team tops up for you."
        />
        <ol className="mt-8 grid gap-6 md:grid-cols-3">
          {PAYMENT_STEPS.map((step, index) => (
            <li key={step.title} className="flex gap-4">
              <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-sm font-bold text-accent-strong">
                {index + 1}
              </span>
              <div>
                <h3 className="font-semibold text-ink">{step.title}</h3>
                <p className="mt-1 text-sm text-muted">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <ChatContactLink user={user} />
      </section>

      <PurchaseDialog pack={selectedPack} user={user} onClose={() => setSelectedPack(null)} />
    </div>
  );
}

function PackGrid({ packs, onBuy }: { packs: CreditPack[]; onBuy: (pack: CreditPack) => void }) {
  const baseline = baselinePack(packs);
  const best = bestValuePack(packs);
  const shared = sharedFeatures(packs);
  return (
    <>
      {shared.length > 0 && (
        <div className="mb-8 rounded-card border border-line bg-card p-6 shadow-sm">
          <h3 className="text-sm font-semibold text-ink">Every pack includes</h3>
          <ul className="mt-3 grid gap-x-6 gap-y-2 text-sm text-ink sm:grid-cols-2 lg:grid-cols-3">
            {shared.map((feature) => (
              <li key={feature} className="flex gap-2">
                <Check aria-hidden className="h-5 w-5 shrink-0 text-success" />
                {feature}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-muted">
            Hours of speech assume about {CHARACTERS_PER_MINUTE.toLocaleString('en-US')} characters a minute, a calm
            narrator's pace.
          </p>
        </div>
      )}
      <PackList packs={packs} baseline={baseline} best={best} onBuy={onBuy} />
    </>
  );
}

function PackList({
  packs,
  baseline,
  best,
  onBuy,
}: {
  packs: CreditPack[];
  baseline: CreditPack | undefined;
  best: CreditPack | undefined;
  onBuy: (pack: CreditPack) => void;
}) {
  return (
    <div className={PACK_GRID}>
      {packs.map((pack) => (
        <PackCard
          key={pack.id}
          pack={pack}
          highlights={packHighlights(pack, packs)}
          saving={baseline ? savingPercent(pack, baseline) : 0}
          bestValue={pack.id === best?.id && packs.length > 1}
          onBuy={onBuy}
        />
      ))}
    </div>
  );
}
