import type { LedgerEntry } from '@sayso/contract/ledger';
import { formatCredits, formatDateTime, formatMoney } from '@/lib/format';

/** What moved the balance, in staff's words. */
const KIND_NAMES: Record<string, string> = {
  admin_add: 'Top-up',
  admin_deduct: 'Deduction',
  purchase: 'Credit pack',
  signup_grant: 'Sign-up credits',
  default_grant: 'Default credits',
  hold: 'Credits held for speech',
  release: 'Unused credits returned',
};

export const ledgerKindName = (kind: string): string => KIND_NAMES[kind] ?? kind.replaceAll('_', ' ');

function signedAmount(entry: LedgerEntry, currency: string): string {
  const sign = entry.amount > 0 ? '+' : '−';
  const size = Math.abs(entry.amount);
  return entry.asset === 'money' ? `${sign}${formatMoney(size, currency)}` : `${sign}${formatCredits(size)} credits`;
}

const after = (entry: LedgerEntry, currency: string): string =>
  entry.asset === 'money' ? formatMoney(entry.balanceAfter, currency) : `${formatCredits(entry.balanceAfter)} credits`;

const head = 'px-6 py-3 text-left text-xs font-semibold tracking-wide text-muted uppercase';
// Stacked into a card per row on a phone, a table from md up: nothing is cut off at 390 px.
const stackedCell = 'block px-4 py-0.5 md:table-cell md:px-6 md:py-3 md:align-top';

function StackedLabel({ children }: { children: string }) {
  return <span className="mr-1 text-xs font-semibold text-muted md:hidden">{children}:</span>;
}

/** A user's ledger rows, newest first, with the payment reference staff recorded on each top-up. */
export function UserLedger({ entries, currency }: { entries: LedgerEntry[]; currency: string }) {
  if (entries.length === 0) {
    return <p className="px-4 py-8 text-center text-sm text-muted sm:px-6">No movements yet.</p>;
  }
  return (
    <table className="block w-full text-sm md:table">
      <thead className="hidden border-b border-line bg-surface md:table-header-group">
        <tr>
          {['When', 'What', 'Payment reference', 'Amount', 'After'].map((column) => (
            <th
              key={column}
              scope="col"
              className={`${head} ${column === 'Amount' || column === 'After' ? 'text-right' : ''}`}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block divide-y divide-line md:table-row-group">
        {entries.map((entry) => (
          <tr key={entry.id} className="block py-3 md:table-row md:py-0">
            <td className={`${stackedCell} text-muted md:whitespace-nowrap`}>{formatDateTime(entry.createdAt)}</td>
            <td className={stackedCell}>
              <span className="font-medium text-ink">{ledgerKindName(entry.kind)}</span>
              {entry.actor && entry.actor !== 'system' ? <span className="text-muted"> · by {entry.actor}</span> : null}
            </td>
            <td className={`${stackedCell} wrap-anywhere`}>
              {entry.paymentReference ? (
                <>
                  <StackedLabel>Reference</StackedLabel>
                  <span className="font-mono text-ink">{entry.paymentReference}</span>
                </>
              ) : (
                <span className="text-muted max-md:hidden">—</span>
              )}
            </td>
            <td
              className={`${stackedCell} font-semibold tabular-nums md:text-right md:whitespace-nowrap ${
                entry.amount > 0 ? 'text-success' : 'text-ink'
              }`}
            >
              {signedAmount(entry, currency)}
            </td>
            <td className={`${stackedCell} text-muted tabular-nums md:text-right md:whitespace-nowrap`}>
              <StackedLabel>After</StackedLabel>
              {after(entry, currency)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
