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

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes the way file managers write it: 0 B, 812 KB, 1.4 MB (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const exponent = Math.min(BYTE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** exponent;
  const digits = exponent === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${BYTE_UNITS[exponent]}`;
}

/** A position in audio as m:ss.s (tenths), the timeline's start times: 0:04.2, 12:30.0. */
export function formatClock(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const minutes = Math.floor(tenths / 600);
  const seconds = (tenths % 600) / 10;
  return `${String(minutes).padStart(2, '0')}:${seconds.toFixed(1).padStart(4, '0')}`;
}

/** A length of audio for a list: 0:42, 3:05, 1:02:10. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** A date and time in the visitor's own way of writing them: 23 Nov 2026, 14:05. */
export function formatDateTime(iso: string, locales?: Intl.LocalesArgument): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}
