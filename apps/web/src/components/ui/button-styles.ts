const base =
  'inline-flex items-center justify-center gap-2 rounded-control px-5 py-2.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** The three button looks used on the public pages; links styled as buttons use them too. */
export const buttonStyles = {
  primary: `${base} bg-accent text-white hover:bg-accent-strong`,
  secondary: `${base} border border-line bg-card text-ink hover:border-accent hover:text-accent`,
  soft: `${base} bg-accent-soft text-accent-strong hover:bg-accent hover:text-white`,
} as const;
