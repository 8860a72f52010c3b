import { z } from 'zod';
import { taskId } from './speech.js';

/**
 * Every background job: its queue name and the schema of its payload. Whoever sends a job and
 * whoever handles it both go through this map, so the two cannot disagree on a payload.
 */
export const JOBS = {
  /** Render one speech task. */
  speech: z.object({ taskId }),
  /**
   * One delivery attempt of a task's completion callback. `deliveryId` names the callback across
   * all its attempts, so a receiver can tell a retry from a new event.
   */
  callback: z.object({ taskId, deliveryId: z.uuid(), attempt: z.number().int().min(1) }),
} as const;

export type JobName = keyof typeof JOBS;
export type JobPayload<Name extends JobName> = z.infer<(typeof JOBS)[Name]>;
