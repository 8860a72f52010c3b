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
  /** The clone studio's Noise Reduction switch does something: a provider or an installed denoiser cleans the sample. */
  cloneNoiseReduction: z.boolean(),
  /** The cloud providers that serve a studio here, so copy names only providers actually in use. */
  cloudProviders: z.array(z.enum(['minimax', 'elevenlabs'])),
});
export type PublicConfig = z.infer<typeof publicConfig>;

/** POST /api/newsletter: an address that wants new blog articles by email, kept in lower case. */
export const newsletterSignup = z.object({
  email: z
    .string({ error: 'Please enter your email address.' })
    .trim()
    .toLowerCase()
    .pipe(
      z
        .email({ error: 'Please enter a valid email address.' })
        .max(254, { error: 'Please enter a valid email address.' }),
    ),
});
export type NewsletterSignup = z.infer<typeof newsletterSignup>;

/** The answer to a signup: the same whether the address was new or already on the list. */
export const newsletterSubscribed = z.object({ subscribed: z.literal(true), email: z.string() });
export type NewsletterSubscribed = z.infer<typeof newsletterSubscribed>;

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

/** What an installed speech model is for: voices of its own, cloning from a sample, or cleaning samples. */
export const modelRole = z.enum(['preset', 'clone', 'denoiser']);
export type ModelRole = z.infer<typeof modelRole>;

/** An installed model as the health report shows it: its name, what it is for, and the studios it serves now. */
export const healthModel = z.object({
  name: z.string(),
  title: z.string(),
  role: modelRole,
  /** Empty when its engine does not serve that studio now (another engine does, or the model did not load). */
  serves: z.array(studio),
});
export type HealthModel = z.infer<typeof healthModel>;

/** The speech queue as the database holds it; null while the database cannot be read. */
export const queueDepth = z.object({
  /** Tasks waiting for a worker. */
  waiting: z.number().int(),
  /** Tasks a worker is rendering now. */
  running: z.number().int(),
  /** How long the task first in line has waited; null when none waits. */
  oldestWaitingSeconds: z.number().nullable(),
});
export type QueueDepth = z.infer<typeof queueDepth>;

/** The staff report at /api/admin/health: every component, with why it is down. */
export const healthReport = z.object({
  status: overallHealth,
  version: z.string(),
  database: componentStatus.extend({ kind: z.enum(['pglite', 'postgres']) }),
  queue: componentStatus.extend({ depth: queueDepth.nullable() }),
  storage: componentStatus.extend({
    kind: z.enum(['local', 's3']),
    /** The folder, or the bucket and the service's address. */
    location: z.string(),
  }),
  engines: z.array(engineReport),
  /** Installed speech models (the model manager's folder on this machine). */
  models: z.object({ count: z.number().int(), installed: z.array(healthModel) }),
  versions: z.object({
    /** Sayso's own version (the same as `version`). */
    product: z.string(),
    node: z.string(),
    /** The database server's own words (`PostgreSQL 17.4`); null while it does not answer. */
    database: z.string().nullable(),
  }),
  /** The process that answered: how long it has run, and its resident memory. */
  process: z.object({ uptimeSeconds: z.number(), rssBytes: z.number().int() }),
});
export type HealthReport = z.infer<typeof healthReport>;
