/** Whether the visitor's system asks for less motion; smooth scrolling is then left out. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Scrolls an element into view, smoothly unless less motion is asked for; `nearest` moves the page no more than needed. */
export function scrollIntoViewGently(element: Element, block: ScrollLogicalPosition = 'nearest'): void {
  element.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block });
}

/** Whether someone is typing or choosing in a field at the moment, so the page must not pull them away. */
function busyInAField(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return false;
  return active.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(active.tagName);
}

/**
 * Brings a new result to the visitor: scrolls it into view and puts keyboard focus on its control,
 * so keyboard and screen-reader users land on what they waited for. Someone who went on typing
 * while it was made is left where they are.
 */
export function revealResult(region: Element, control: HTMLElement | null): void {
  if (busyInAField()) return;
  control?.focus({ preventScroll: true });
  scrollIntoViewGently(region);
}
