const integer = new Intl.NumberFormat('en-US');
const money = new Intl.NumberFormat('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

export const formatCredits = (credits: number): string => integer.format(credits);

/** Balances show at most two decimals (spec section 9). */
export const formatMoney = (amount: number, currency: string): string => `${money.format(amount)} ${currency}`;
