const integer = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const formatCredits = (credits: number): string => integer.format(credits);

/** Balances show at most two decimals (spec section 9). */
export const formatMoney = (amount: number, currency: string): string => `${money.format(amount)} ${currency}`;

/**
 * A calendar date in the visitor's own way of writing dates: with no locale given, the browser's
 * (23 Nov 2026 in Britain, Nov 23, 2026 in the United States). The month is a word, so a date
 * never reads as another one (11/12 against 12/11).
 */
export function formatDate(iso: string, locales?: Intl.LocalesArgument): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales, { year: 'numeric', month: 'short', day: 'numeric' }).format(date);
}
