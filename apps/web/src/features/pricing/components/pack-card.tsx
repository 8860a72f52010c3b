import type { CreditPack } from '@sayso/contract/pricing';
import { Check } from 'lucide-react';
import { buttonStyles } from '@/components/ui/button-styles';
import {
  cheaperSmallerPack,
  hoursOfSpeech,
  packName,
  pricePerThousand,
  sharedFeatures,
} from '@/features/pricing/lib/pack-value';
import { formatCredits, formatMoney } from '@/lib/format';

const perThousand = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A compact pack for the landing page: name, credits and price. */
export function PackSummary({ pack }: { pack: CreditPack }) {
  return (
    <li className="flex items-center justify-between gap-4 rounded-card border border-line bg-card p-5 shadow-sm sm:flex-col sm:items-start sm:justify-start">
      <div>
        <p className="text-sm font-medium text-muted">{packName(pack)}</p>
        <p className="mt-1 text-xl font-bold text-ink tabular-nums sm:text-2xl">
          {formatCredits(pack.credits)}
          <span className="ml-1 text-sm font-medium text-muted">credits</span>
        </p>
      </div>
      <p className="shrink-0 text-lg font-semibold text-accent tabular-nums sm:mt-2">
        {formatMoney(pack.price, pack.currency)}
      </p>
    </li>
  );
}

/**
 * What sets one pack apart from the others: how much speech it reads, its price per 1,000 credits,
 * a smaller pack that is cheaper per credit when there is one, and any feature only some packs have.
 */
export function packHighlights(pack: CreditPack, packs: readonly CreditPack[]): string[] {
  const highlights = [
    `About ${formatCredits(hoursOfSpeech(pack))} hours of speech`,
    `${perThousand.format(pricePerThousand(pack))} ${pack.currency} per 1,000 credits`,
  ];
  const cheaper = cheaperSmallerPack(pack, packs);
  if (cheaper) {
    highlights.push(
      `${packName(cheaper)} costs less per credit; this pack adds ${formatCredits(pack.credits - cheaper.credits)} credits`,
    );
  }
  const shared = sharedFeatures(packs);
  return [...highlights, ...pack.features.filter((feature) => !shared.includes(feature))];
}

interface PackCardProps {
  pack: CreditPack;
  /** The lines only this pack's card shows (packHighlights). */
  highlights: string[];
  /** Percent cheaper per credit than the priciest pack; 0 hides the badge. */
  saving: number;
  bestValue: boolean;
  onBuy: (pack: CreditPack) => void;
}

/** A full pack for /pricing, with its features and a Buy Now button. */
export function PackCard({ pack, highlights, saving, bestValue, onBuy }: PackCardProps) {
  const titleId = `pack-${pack.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-card border bg-card p-6 shadow-sm sm:p-8 ${
        bestValue ? 'border-accent ring-1 ring-accent' : 'border-line'
      }`}
    >
      {bestValue ? (
        <p className="absolute -top-3 left-6 rounded-full bg-accent px-3 py-1 text-xs font-semibold text-white">
          Best value
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-ink">
          {packName(pack)}
        </h3>
        {saving > 0 ? (
          <span className="rounded-full bg-success-soft px-2.5 py-0.5 text-xs font-semibold text-success">
            Save {saving}% per credit
          </span>
        ) : null}
      </div>
      <p className="mt-4 text-3xl font-bold tracking-tight text-ink tabular-nums">{formatCredits(pack.credits)}</p>
      <p className="text-sm text-muted">credits</p>
      <p className="mt-4 text-2xl font-semibold text-accent tabular-nums">{formatMoney(pack.price, pack.currency)}</p>
      <p className="text-sm text-muted">one-time payment</p>
      <ul className="mt-6 flex-1 space-y-3 border-t border-line pt-6 text-sm text-ink">
        {highlights.map((highlight) => (
          <li key={highlight} className="flex gap-3">
            <Check aria-hidden className="h-5 w-5 shrink-0 text-success" />
            {highlight}
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={() => onBuy(pack)}
        className={`${bestValue ? buttonStyles.primary : buttonStyles.soft} mt-8 w-full py-3`}
        aria-describedby={titleId}
      >
        Buy Now
      </button>
    </article>
  );
}
