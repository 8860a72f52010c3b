import { z } from 'zod';

/** What the browser may know about this installation; nothing secret is ever added here. */
export const publicConfig = z.object({
  productName: z.string(),
  chatNumber: z.string().nullable(),
  supportEmail: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfig>;

const componentStatus = z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() });
export type ComponentStatus = z.infer<typeof componentStatus>;

/** The two studios: 'preset' (/dashboard2, the spec's provider B) and 'clone' (/dashboard3, provider A). */
export const studio = z.enum(['preset', 'clone']);
export type Studio = z.infer<typeof studio>;

export const healthReport = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: componentStatus.extend({ kind: z.enum(['pglite', 'postgres']) }),
  queue: componentStatus,
  storage: componentStatus,
  engines: z.array(componentStatus.extend({ id: z.string(), serves: z.array(studio) })),
});
export type HealthReport = z.infer<typeof healthReport>;
