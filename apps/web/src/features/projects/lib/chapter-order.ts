/** A new order with one chapter moved one place up (-1) or down (+1). */
export function movedOrder(ids: readonly string[], index: number, step: -1 | 1): string[] {
  const target = index + step;
  if (target < 0 || target >= ids.length) return [...ids];
  const order = [...ids];
  const [moved] = order.splice(index, 1);
  if (moved !== undefined) order.splice(target, 0, moved);
  return order;
}
