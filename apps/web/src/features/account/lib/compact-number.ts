const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** A short form for narrow screens: 12,345 becomes 12.3K. The full figure stays in the accessible name. */
export const formatCompact = (value: number): string => compact.format(value);
