import { z } from 'zod';

/**
 * One line of the admin panel's first-run checklist. 'todo' is something the operator should fix
 * before selling; 'info' is optional (cloud provider keys) and never holds the checklist open.
 */
export const setupItem = z.object({
  id: z.enum(['natural-voices', 'chat-number', 'support-email', 'public-url', 'provider-keys', 'licences']),
  state: z.enum(['done', 'todo', 'info']),
  /** What the item checks, as a short heading. */
  title: z.string(),
  /** What is true now and, when something is missing, exactly what to do about it. */
  detail: z.string(),
  /** The admin panel section that fixes it, when one does. */
  link: z.enum(['models']).nullable(),
});
export type SetupItem = z.infer<typeof setupItem>;

/** GET /api/admin/setup. */
export const setupChecklist = z.object({
  /** No item is 'todo': the panel collapses the checklist to one line. */
  complete: z.boolean(),
  items: z.array(setupItem),
});
export type SetupChecklist = z.infer<typeof setupChecklist>;
