import type { RenderEstimate } from '@sayso/contract/projects';
import { formatCredits } from '@/lib/format';

const paragraphs = (count: number) => `${formatCredits(count)} ${count === 1 ? 'paragraph' : 'paragraphs'}`;

/** The cost of a render in words: what would be rendered and what it would hold from the balance. */
export function estimateLine(estimate: RenderEstimate): string {
  if (estimate.blocks === 0) return 'everything is rendered.';
  return `${paragraphs(estimate.blocks)}, ${formatCredits(estimate.characters)} characters = ${formatCredits(estimate.credits)} credits.`;
}
