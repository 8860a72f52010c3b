import { z } from 'zod';

/** What the browser may know about this installation; nothing secret is ever added here. */
export const publicConfig = z.object({
  productName: z.string(),
  chatNumber: z.string().nullable(),
  supportEmail: z.string(),
  /**
   * The preset studio speaks with neural voices (an installed model or a cloud provider), not
   * eSpeak's formant synthesis: public copy claims human-sounding speech only when this is true.
   */
  naturalVoices: z.boolean(),
  /** The clone studio learns a voice with a neural model, rather than approximating the sample. */
  neuralCloning: z.boolean(),
  /** The cloud providers that serve a studio here, so copy names only providers actually in use. */
  cloudProviders: z.array(z.enum(['minimax', 'elevenlabs'])),
});
export type PublicConfig = z.infer<typeof publicConfig>;

const componentStatus = z.object({ status: z.enum(['up', 'down']), detail: z.string().optional() });
export type ComponentStatus = z.infer<typeof componentStatus>;

/** The two studios: 'preset' (/dashboard2, the spec's provider B) and 'clone' (/dashboard3, provider A). */
export const studio = z.enum(['preset', 'clone']);
export type Studio = z.infer<typeof studio>;

const overallHealth = z.enum(['ok', 'degraded']);

/**
 * What anyone may learn from /api/health: up or not, for load balancers. Versions, engines,
 * providers and error details stay in the staff report, since they help an attacker more than a probe.
 */
export const healthStatus = z.object({ status: overallHealth });
export type HealthStatus = z.infer<typeof healthStatus>;

/** A speech engine: up or down (with why), and the studios it serves now. */
export const engineReport = componentStatus.extend({ id: z.string(), serves: z.array(studio) });
export type EngineReport = z.infer<typeof engineReport>;

/** The staff report at /api/admin/health: every component, with why it is down. */
export const healthReport = z.object({
  status: overallHealth,
  version: z.string(),
  database: componentStatus.extend({ kind: z.enum(['pglite', 'postgres']) }),
  queue: componentStatus,
  storage: componentStatus,
  engines: z.array(engineReport),
});
export type HealthReport = z.infer<typeof healthReport>;
