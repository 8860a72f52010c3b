// Three significant digits keep a shortened figure close to the real one: 1,009,500 is 1.01M, not 1M.
const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumSignificantDigits: 3 });

/**
 * A short form for when the exact figure does not fit the top bar: 12,345 becomes 12.3K. Callers
 * keep the exact figure in the accessible name and the tooltip.
 */
export const formatCompact = (value: number): string => compact.format(value);
