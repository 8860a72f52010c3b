/** Shared looks of the top bar's dropdowns: their triggers, panels and items. */
export const menuStyles = {
  trigger:
    'inline-flex h-10 min-w-0 shrink-0 items-center gap-1.5 rounded-control border border-line bg-card px-2.5 text-sm font-semibold text-ink transition-colors hover:border-accent hover:text-accent-strong data-[state=open]:border-accent data-[state=open]:bg-accent-soft data-[state=open]:text-accent-strong sm:px-3',
  content:
    'z-50 w-72 max-w-[calc(100vw-1rem)] rounded-card border border-line bg-card p-2 text-ink shadow-lg focus:outline-none',
  item: 'flex cursor-pointer items-center gap-2 rounded-control px-3 py-2.5 text-sm font-semibold outline-none select-none data-[highlighted]:bg-accent-soft data-[highlighted]:text-accent-strong',
  primaryItem:
    'flex cursor-pointer items-center justify-center gap-2 rounded-control bg-accent px-3 py-2.5 text-sm font-semibold text-white outline-none select-none data-[highlighted]:bg-accent-strong',
  separator: 'my-2 h-px bg-line',
  label: 'text-xs font-medium tracking-wide text-muted uppercase',
} as const;

/** Every dropdown opens below its trigger, aligned to its right edge, and stays 8 px inside the window. */
export const menuContentProps = { align: 'end', sideOffset: 8, collisionPadding: 8 } as const;

/**
 * The menus are not modal, as the ARIA menu-button pattern has it: Tab leaves and closes them. A
 * modal menu hides the whole page from assistive technology (aria-hidden on #root) while its
 * buttons and links stay focusable, which axe reports as aria-hidden-focus.
 */
export const menuRootProps = { modal: false } as const;
