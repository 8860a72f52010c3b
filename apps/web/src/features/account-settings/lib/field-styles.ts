/** The account page's form controls, in the look of the other signed-in pages' forms. */
export const fieldStyles = {
  label: 'block text-sm font-semibold text-ink',
  input:
    'mt-1.5 h-11 w-full rounded-control border border-line bg-card px-3 text-sm text-ink placeholder:text-muted/70 focus:border-accent focus:outline-none focus-visible:outline-2 aria-[invalid=true]:border-danger',
  hint: 'mt-1.5 text-xs text-muted',
} as const;
