const button =
  'inline-flex items-center justify-center gap-2 rounded-control font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';
const regular = `${button} px-5 py-2.5 text-sm`;
const small = `${button} px-3 py-2 text-sm`;

/** The panel's looks, in the same language as the dashboard: one accent, rounded controls. */
export const buttonStyles = {
  primary: `${regular} bg-accent text-white hover:bg-accent-strong`,
  secondary: `${regular} border border-line bg-card text-ink hover:border-accent hover:text-accent`,
  danger: `${regular} bg-danger text-white hover:bg-danger/90`,
  smallSecondary: `${small} border border-line bg-card text-ink hover:border-accent hover:text-accent`,
  smallSoft: `${small} bg-accent-soft text-accent-strong hover:bg-accent hover:text-white`,
  ghost: `${small} text-ink hover:bg-accent-soft hover:text-accent-strong`,
} as const;

const control =
  'block w-full rounded-control border border-line bg-white px-3 py-2 text-ink shadow-sm placeholder:text-muted/70 focus:border-accent focus:ring-2 focus:ring-accent/30 focus:outline-none aria-[invalid=true]:border-danger';

export const fieldStyles = {
  label: 'block text-sm font-medium text-ink',
  input: `mt-1 ${control}`,
  /** An input beside a button, in a row that sets the spacing. */
  inlineInput: control,
  hint: 'mt-1 block text-xs text-muted',
  error: 'mt-2 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger',
} as const;

export const cardStyle = 'rounded-card border border-line bg-card shadow-sm';
