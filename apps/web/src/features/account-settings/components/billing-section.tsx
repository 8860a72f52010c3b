import type { AccountBilling } from '@sayso/contract/account-settings';
import { InlineMessage } from '@/components/ui/inline-message';
import { PageLoading } from '@/components/ui/page-loading';
import { formatCredits, formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useBilling } from '../api/billing';
import { errorMessage } from '../lib/error-message';
import { AccountSection } from './account-section';

const cell = 'px-3 py-2 text-left align-top';

/** The user's own money: balance, top-ups with their payment reference, purchases, and credits spent per day. */
export function BillingSection() {
  const billing = useBilling();
  return (
    <AccountSection
      id="billing"
      title="Billing"
      description="Your balance, top-ups, credit pack purchases and the credits you spent each day."
    >
      {billing.isPending ? <PageLoading /> : null}
      {billing.isError ? (
        <InlineMessage tone="error" messageKey={billing.error.message}>
          {errorMessage(billing.error)}
        </InlineMessage>
      ) : null}
      {billing.data ? <BillingDetails billing={billing.data} /> : null}
    </AccountSection>
  );
}

function BillingDetails({ billing }: { billing: AccountBilling }) {
  const busiestDay = Math.max(1, ...billing.creditsPerDay.map((day) => day.credits));
  return (
    <div className="space-y-8">
      <dl className="grid grid-cols-2 gap-4">
        <div className="rounded-control bg-accent-soft/60 px-4 py-3">
          <dt className="text-sm text-muted">Balance</dt>
          <dd className="text-xl font-semibold text-ink">{formatMoney(billing.balance, billing.currency)}</dd>
        </div>
        <div className="rounded-control bg-accent-soft/60 px-4 py-3">
          <dt className="text-sm text-muted">Credits</dt>
          <dd className="text-xl font-semibold text-ink">{formatCredits(billing.credits)}</dd>
        </div>
      </dl>

      <div>
        <h3 className="text-base font-semibold text-ink">Balance history</h3>
        {billing.money.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No top-ups or purchases yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-control border border-line">
            <table className="w-full min-w-[32rem] text-sm">
              <caption className="sr-only">Top-ups, purchases and corrections of your balance, newest first</caption>
              <thead className="bg-surface text-muted">
                <tr>
                  <th scope="col" className={cell}>
                    Date
                  </th>
                  <th scope="col" className={cell}>
                    What
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Amount
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Balance after
                  </th>
                  <th scope="col" className={cell}>
                    Payment reference
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {billing.money.map((entry) => (
                  <tr key={entry.id}>
                    <td className={`${cell} whitespace-nowrap`}>{formatDateTime(entry.at)}</td>
                    <td className={cell}>{entry.label}</td>
                    <td className={`${cell} text-right whitespace-nowrap ${entry.amount > 0 ? 'text-success' : ''}`}>
                      {entry.amount > 0 ? '+' : '−'}
                      {formatMoney(Math.abs(entry.amount), billing.currency)}
                    </td>
                    <td className={`${cell} text-right whitespace-nowrap`}>
                      {formatMoney(entry.balanceAfter, billing.currency)}
                    </td>
                    <td className={`${cell} break-all`}>{entry.paymentReference ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>

      <div>
        <h3 className="text-base font-semibold text-ink">Credit pack purchases</h3>
        {billing.purchases.length === 0 ? (
          <p className="mt-2 text-sm text-muted">You have not bought a credit pack yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-line rounded-control border border-line">
            {billing.purchases.map((purchase) => (
              <li key={purchase.id} className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-2.5 text-sm">
                <span className="font-semibold capitalize text-ink">{purchase.packId}</span>
                <span className="text-muted">{formatDate(purchase.at)}</span>
                <span>
                  {formatCredits(purchase.credits)} credits for {formatMoney(purchase.price, purchase.currency)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div>
        <h3 className="text-base font-semibold text-ink">Credits spent per day</h3>
        <p className="text-sm text-muted">The last 30 days (UTC) on which you generated speech.</p>
        {billing.creditsPerDay.length === 0 ? (
          <p className="mt-2 text-sm text-muted">No credits spent in the last 30 days.</p>
        ) : (
          <ul className="mt-2 space-y-1.5">
            {billing.creditsPerDay.map((day) => (
              <li key={day.day} className="grid grid-cols-[6.5rem_1fr_auto] items-center gap-3 text-sm">
                <span className="text-muted">{formatDate(`${day.day}T12:00:00Z`)}</span>
                <span aria-hidden className="h-2.5 rounded-full bg-accent-soft">
                  <span
                    className="block h-full rounded-full bg-accent"
                    style={{ width: `${Math.max(2, (day.credits / busiestDay) * 100)}%` }}
                  />
                </span>
                <span className="text-right font-semibold text-ink">{formatCredits(day.credits)}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
