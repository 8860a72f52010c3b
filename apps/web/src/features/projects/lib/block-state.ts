import type { ProjectBlock } from '@sayso/contract/projects';

/** The speeds a paragraph can be read at (the server takes 0.5 to 2). */
export const BLOCK_SPEEDS = [0.75, 0.9, 1, 1.1, 1.25, 1.5] as const;

/**
 * What a paragraph's badge says. A paragraph rendered once and edited since is "Changed": its old
 * audio no longer matches, and the next render of its chapter or the project speaks it again.
 */
export function blockStateLabel(block: Pick<ProjectBlock, 'state' | 'changed'>): { label: string; tone: string } {
  if (block.state === 'queued') return { label: 'Rendering…', tone: 'queued' };
  if (block.state === 'failed') return { label: 'Failed', tone: 'failed' };
  if (block.state === 'done' && !block.changed) return { label: 'Rendered', tone: 'done' };
  if (block.state === 'done') return { label: 'Changed since render', tone: 'changed' };
  return { label: 'Not rendered', tone: 'new' };
}
