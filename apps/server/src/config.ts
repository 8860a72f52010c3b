import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { PGliteLease } from './db/pglite-pool.js';
import { CATALOGUE, findCatalogueEntry } from './models/catalogue.js';

/** SUPPORT_EMAIL's default: it reaches no one, so the admin panel's setup checklist asks for a real one. */
export const PLACEHOLDER_SUPPORT_EMAIL = 'support@sayso.local';

/** Turns "true"/"false"/"1"/"0" into a boolean; anything else is a validation error. */
const booleanFlag = z
  .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
  .transform((value) => value === 'true' || value === '1');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as http://localhost:3000' }).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    STORAGE: z.enum(['local', 's3'], { message: 'must be local or s3' }).default('local'),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z
      .url({
        protocol: /^https?$/,
        message: 'must be the http(s) address of an S3-compatible service, e.g. http://minio:9000',
      })
      .optional(),
    S3_FORCE_PATH_STYLE: booleanFlag.default(false),
    S3_SERVE: z.enum(['api', 'redirect'], { message: 'must be api or redirect' }).default('api'),
    S3_PRESIGN_SECONDS: z.coerce.number().int().min(10).max(3_600).default(300),
    WEB_DIST_DIR: z.string().min(1).optional(),
    RUN_WORKERS: booleanFlag.default(true),
    JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(500).max(60_000).default(500),
    RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
    CHAT_NUMBER: z
      .string()
      .regex(/^\d{6,15}$/, 'must be the chat number in international form, digits only')
      .optional(),
    SUPPORT_EMAIL: z.email({ message: 'must be an email address' }).default(PLACEHOLDER_SUPPORT_EMAIL),
    SMTP_URL: z
      .url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL (user and password in it)' })
      .optional(),
    MAIL_FROM: z.string().min(3).optional(),
    TRUST_PROXY: booleanFlag.default(false),
    AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOCAL_ACCOUNTS: booleanFlag.default(true),
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_ISSUER: z.url({ message: 'must be the issuer URL of an OpenID Connect provider' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_NAME: z.string().min(1).default('Single sign-on'),
    SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    SESSION_MAX_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(10),
    SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).max(1000).default(5),
    SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    SPEECH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
    SPEECH_REQUESTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(30),
    SPEECH_ACTIVE_TASKS_PER_USER: z.coerce.number().int().min(1).max(100).default(3),
    DEMO_REQUESTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
    API_REQUESTS_PER_KEY_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
    API_ACTIVE_REQUESTS_PER_KEY: z.coerce.number().int().min(1).max(1_000).default(10),
    RECEIVE_URL_ALLOWED_HOSTS: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    CALLBACK_RETRY_DELAYS_SECONDS: z
      .string()
      .default('10,30,120,600')
      .transform((value) =>
        value
          .split(',')
          .map((delay) => delay.trim())
          .filter(Boolean)
          .map(Number),
      )
      .pipe(
        z
          .array(z.number({ message: 'must be seconds, comma-separated' }).positive().max(86_400))
          .max(10, 'at most 10 retries'),
      ),
    SPEECH_STALE_TASK_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
    /** 0 keeps generated audio for ever; otherwise audio older than this many days is deleted (records stay). */
    HISTORY_RETENTION_DAYS: z.coerce.number().int().min(0).max(36_500).default(0),
    HISTORY_STORAGE_LIMIT_MB: z.coerce.number().int().min(1).max(10_000_000).default(1024),
    SPEECH_ENGINE_A: z.enum(['auto', 'espeak', 'sherpa', 'minimax', 'elevenlabs']).default('auto'),
    SPEECH_ENGINE_B: z.enum(['auto', 'espeak', 'sherpa', 'minimax', 'elevenlabs']).default('auto'),
    ELEVENLABS_API_KEY: z.string().min(1).optional(),
    ELEVENLABS_BASE_URL: z
      .url({ message: 'must be the ElevenLabs API address, e.g. https://api.elevenlabs.io' })
      .default('https://api.elevenlabs.io'),
    ELEVENLABS_MODEL: z.string().min(1).default('eleven_multilingual_v2'),
    MINIMAX_API_KEY: z.string().min(1).optional(),
    MINIMAX_BASE_URL: z
      .url({ message: 'must be the MiniMax API address, e.g. https://api.minimax.io' })
      .default('https://api.minimax.io'),
    MINIMAX_MODEL: z.string().min(1).default('speech-2.8-hd'),
    MODELS_DIR: z.string().min(1).optional(),
    MODEL_UPLOAD_LIMIT_MB: z.coerce.number().int().min(1).max(100_000).default(2048),
    MODEL_DOWNLOAD_BASE_URL: z
      .url({ message: 'must be the address of a mirror of sherpa-onnx’s release downloads' })
      .optional(),
    // Prometheus scrapes /metrics with this bearer token; unset, the route does not exist (404).
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters, as it guards the metrics').optional(),
    // A worker has no HTTP server of its own, so it serves /metrics alone on this port.
    METRICS_PORT: z.coerce.number().int().min(1).max(65_535).default(9464),
    // Seconds without a byte before a model download is given up; a slow mirror may want more.
    MODEL_DOWNLOAD_STALL_SECONDS: z.coerce.number().min(0.1).max(3600).default(30),
    MODELS_PRELOAD: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .superRefine((names, context) => {
        const unknown = names.filter((name) => !findCatalogueEntry(name));
        if (unknown.length === 0) return;
        context.addIssue({
          code: 'custom',
          message: `names ${unknown.map((name) => `"${name}"`).join(', ')}, not in the catalogue: list catalogue model names separated by commas (npm run models -- list shows them), e.g. ${CATALOGUE[0]?.name ?? 'kokoro-multi-lang-v1_0'}`,
        });
      }),
    REQUEST_DATABASE_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(5),
    ADMIN_USERNAME: z.string().trim().min(1).max(100).default('admin'),
    ADMIN_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
  })
  .superRefine((env, ctx) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['OIDC_ISSUER', 'OIDC_CLIENT_ID'],
      ['OIDC_ISSUER', 'OIDC_CLIENT_SECRET'],
    ];
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        const missing = env[a] ? b : a;
        ctx.addIssue({ code: 'custom', path: [missing], message: `is required together with ${env[a] ? a : b}` });
      }
    }
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE is s3' });
    }
    if (env.SESSION_MAX_DAYS < env.SESSION_IDLE_DAYS) {
      ctx.addIssue({
        code: 'custom',
        path: ['SESSION_MAX_DAYS'],
        message: 'must not be shorter than SESSION_IDLE_DAYS',
      });
    }
  });

export type Environment = z.input<typeof envSchema>;

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** Unset for AWS itself; the service's address for R2, MinIO, Garage, Ceph and the like. */
  endpoint: string | null;
  /** Bucket in the path (http://host/bucket/key) rather than the host name; most self-hosted services need it. */
  forcePathStyle: boolean;
  /**
   * S3_SERVE=redirect: files are answered with a redirect to a presigned URL valid this many
   * seconds, so the bucket sends the bytes; null (S3_SERVE=api) streams them through the API.
   */
  presignSeconds: number | null;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  /** PUBLIC_URL was set; otherwise publicUrl is a guess (localhost and PORT) that only works on this machine. */
  publicUrlSet: boolean;
  logLevel: string;
  dataDir: string;
  database:
    | {
        kind: 'pglite';
        dir: string;
        /** A data folder dumped by PGlite's `dumpDataDir` to start a new database from (tests only). */
        template?: Blob;
        /** A database that is already open, lent by its owner instead of opened here (tests only). */
        lease?: PGliteLease;
      }
    | { kind: 'postgres'; url: string };
  /**
   * Where files live. With 's3' the credentials are not here: the AWS SDK reads them itself
   * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, or an instance role).
   */
  storage: { kind: 'local'; dir: string } | S3StorageConfig;
  webDistDir: string;
  runWorkers: boolean;
  jobPollIntervalMs: number;
  /**
   * Worker threads that synthesise and encode (the render pool), and so the speech tasks this
   * process renders at once; 0 renders one task at a time on the event loop.
   */
  renderThreads: number;
  trustProxy: boolean;
  /** Outgoing mail (password reset links); null when SMTP_URL is unset, and staff reset passwords. */
  mail: { smtpUrl: string; from: string } | null;
  auth: {
    /** Signs session cookies; when unset a random one is kept in the database. */
    secret: string | null;
    localAccounts: boolean;
    google: { clientId: string; clientSecret: string } | null;
    oidc: { issuer: string; clientId: string; clientSecret: string; name: string } | null;
    sessionIdleDays: number;
    sessionMaxDays: number;
    /**
     * How long a session read from the database answers from memory: the window in which a
     * session ended by another process still works here (0: read it on every request).
     */
    sessionCacheSeconds: number;
    /**
     * Failed password sign-ins to one account from one address per minute; sign-ups from an
     * address get four times as many per hour.
     */
    signInAttemptsPerMinute: number;
    /** Password sign-ins from one address per minute, to any accounts: the ceiling for an office. */
    signInAttemptsPerAddressPerMinute: number;
  };
  history: {
    /** Days after which generated audio is deleted (the record stays); null keeps it for ever. */
    retentionDays: number | null;
    /** What each user's history may keep in storage, shown on the history page. */
    storageLimitBytes: number;
  };
  /** The model manager's folder (one per machine, never shared storage) and its limits. */
  models: {
    /** `MODELS_DIR`, by default `DATA_DIR/models`: one folder per installed model. */
    dir: string;
    /** The largest archive the admin panel's upload accepts. */
    uploadLimitBytes: number;
    /** A mirror of sherpa-onnx's release downloads, for installs by name; null uses GitHub. */
    downloadBaseUrl: string | null;
    /** `MODEL_DOWNLOAD_STALL_SECONDS` in ms: no bytes for this long ends a download. */
    downloadStallTimeoutMs: number;
    /** `MODELS_PRELOAD`: catalogue models installed in the background at start when missing. */
    preload: string[];
  };
  speech: {
    limits: { perUserPerMinute: number; perIpPerMinute: number; activePerUser: number; demoPerIpPerHour: number };
    /** Hosts that may receive completion callbacks (`receive_url`); empty means none. */
    receiveUrlHosts: string[];
    /**
     * Seconds to wait before each retry of a completion callback that failed; its length is the
     * number of retries, so a callback is tried at most one time more than this has entries.
     */
    callbackRetryDelaysSeconds: number[];
    /** An unfinished task with no progress for this long has lost its worker and is repaired. */
    staleTaskSeconds: number;
    /**
     * The engine behind each studio's routes ('auto' picks the best one that is up): SPEECH_ENGINE_A
     * for the clone studio (the spec's provider A), SPEECH_ENGINE_B for the preset studio (provider B).
     */
    engines: { clone: string; preset: string };
    /** MiniMax (the clone studio in the cloud), when a key is configured. Never sent to the browser. */
    minimax: { apiKey: string; baseUrl: string; model: string } | null;
    /** ElevenLabs (the preset studio in the cloud), when a key is configured. Never sent to the browser. */
    elevenlabs: { apiKey: string; baseUrl: string; model: string } | null;
  };
  /**
   * When the server answers 503 + Retry-After rather than keep a caller waiting: a read that waited
   * this long for the embedded database (0: no limit), and any API request while the event loop
   * lags or is used beyond these bounds (0: not checked), measured every sampleIntervalMs.
   */
  overload: {
    databaseWaitMs: number;
    maxEventLoopDelayMs: number;
    maxEventLoopUtilization: number;
    sampleIntervalMs: number;
    retryAfterSeconds: number;
  };
  /**
   * The public API's own limits (OpenAI and ElevenLabs dialects), per key and apart from the
   * studios': speech requests one key may make per minute, and may have speaking at once.
   */
  api: { requestsPerKeyPerMinute: number; activeRequestsPerKey: number };
  /**
   * `GET /metrics` in Prometheus' text format, for callers with this bearer token; null: no such
   * route. A worker process serves it alone on `workerPort`.
   */
  metrics: { token: string | null; workerPort: number };
  /** The first operator account, created only when no admin exists yet. */
  initialAdmin: { username: string; password: string | null };
  /** Only these values may reach the browser (served by GET /api/config). */
  public: { productName: string; chatNumber: string | null; supportEmail: string };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type ParsedEnvironment = z.output<typeof envSchema>;

function storageConfig(e: ParsedEnvironment, dataDir: string): Config['storage'] {
  // superRefine has refused STORAGE=s3 without a bucket, so the bucket is set on this branch.
  if (e.STORAGE === 's3' && e.S3_BUCKET) {
    return {
      kind: 's3',
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT ?? null,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      presignSeconds: e.S3_SERVE === 'redirect' ? e.S3_PRESIGN_SECONDS : null,
    };
  }
  return { kind: 'local', dir: path.join(dataDir, 'files') };
}

const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');

/** Validates the environment and returns a typed config; throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    logLevel: e.LOG_LEVEL,
    dataDir,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL }
      : { kind: 'pglite', dir: path.join(dataDir, 'db') },
    storage: storageConfig(e, dataDir),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : defaultWebDist,
    runWorkers: e.RUN_WORKERS,
    jobPollIntervalMs: e.JOB_POLL_INTERVAL_MS,
    // One thread per core by default: synthesis and encoding are all computation.
    renderThreads: e.RENDER_THREADS ?? availableParallelism(),
    trustProxy: e.TRUST_PROXY,
    mail: e.SMTP_URL ? { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM ?? `Sayso <${e.SUPPORT_EMAIL}>` } : null,
    auth: {
      secret: e.AUTH_SECRET ?? null,
      localAccounts: e.LOCAL_ACCOUNTS,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
          : null,
      oidc:
        e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
          ? {
              issuer: e.OIDC_ISSUER.replace(/\/$/, ''),
              clientId: e.OIDC_CLIENT_ID,
              clientSecret: e.OIDC_CLIENT_SECRET,
              name: e.OIDC_NAME,
            }
          : null,
      sessionIdleDays: e.SESSION_IDLE_DAYS,
      sessionMaxDays: e.SESSION_MAX_DAYS,
      sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
      signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
      signInAttemptsPerAddressPerMinute: e.SIGN_IN_ATTEMPTS_PER_ADDRESS_PER_MINUTE,
    },
    history: {
      retentionDays: e.HISTORY_RETENTION_DAYS === 0 ? null : e.HISTORY_RETENTION_DAYS,
      storageLimitBytes: e.HISTORY_STORAGE_LIMIT_MB * 1024 * 1024,
    },
    models: {
      dir: path.resolve(e.MODELS_DIR ?? path.join(dataDir, 'models')),
      uploadLimitBytes: e.MODEL_UPLOAD_LIMIT_MB * 1024 * 1024,
      downloadBaseUrl: e.MODEL_DOWNLOAD_BASE_URL ?? null,
      downloadStallTimeoutMs: Math.round(e.MODEL_DOWNLOAD_STALL_SECONDS * 1000),
      preload: e.MODELS_PRELOAD,
    },
    speech: {
      limits: {
        perUserPerMinute: e.SPEECH_REQUESTS_PER_MINUTE,
        perIpPerMinute: e.SPEECH_REQUESTS_PER_IP_PER_MINUTE,
        activePerUser: e.SPEECH_ACTIVE_TASKS_PER_USER,
        demoPerIpPerHour: e.DEMO_REQUESTS_PER_HOUR,
      },
      receiveUrlHosts: e.RECEIVE_URL_ALLOWED_HOSTS,
      callbackRetryDelaysSeconds: e.CALLBACK_RETRY_DELAYS_SECONDS,
      staleTaskSeconds: e.SPEECH_STALE_TASK_SECONDS,
      engines: { clone: e.SPEECH_ENGINE_A, preset: e.SPEECH_ENGINE_B },
      minimax: e.MINIMAX_API_KEY
        ? { apiKey: e.MINIMAX_API_KEY, baseUrl: e.MINIMAX_BASE_URL, model: e.MINIMAX_MODEL }
        : null,
      elevenlabs: e.ELEVENLABS_API_KEY
        ? { apiKey: e.ELEVENLABS_API_KEY, baseUrl: e.ELEVENLABS_BASE_URL, model: e.ELEVENLABS_MODEL }
        : null,
    },
    overload: {
      databaseWaitMs: e.REQUEST_DATABASE_WAIT_MS,
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxEventLoopUtilization: e.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
      sampleIntervalMs: 1_000,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    api: {
      requestsPerKeyPerMinute: e.API_REQUESTS_PER_KEY_PER_MINUTE,
      activeRequestsPerKey: e.API_ACTIVE_REQUESTS_PER_KEY,
    },
    metrics: { token: e.METRICS_TOKEN ?? null, workerPort: e.METRICS_PORT },
    initialAdmin: { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD ?? null },
    public: { productName: 'Sayso', chatNumber: e.CHAT_NUMBER ?? null, supportEmail: e.SUPPORT_EMAIL },
  };
}
