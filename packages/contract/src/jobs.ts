import { z } from 'zod';
import { taskId } from './speech.js';

/**
 * Every background job: its queue name and the schema of its payload. Whoever sends a job and
 * whoever handles it both go through this map, so the two cannot disagree on a payload.
 */
export const JOBS = {
  /** Render one speech task. */
  speech: z.object({ taskId }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = z.infer<(typeof JOBS)[Name]>;
