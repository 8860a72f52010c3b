import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { encodeTake, type TakeEncoder } from './audio/sentence-take.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrate } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { loadOrCreateSecret } from './db/settings-repository.js';
import { AccountEvents } from './domains/accounts/account-events.js';
import { accountRoutes } from './domains/accounts/routes.js';
import { passwordResetMailer } from './domains/accounts/self-service/password-reset-mail.js';
import { registerSelfService } from './domains/accounts/self-service/register.js';
import { ensureAccount, recordSignIn, refuseIfSuspended } from './domains/accounts/service.js';
import { adminRoutes } from './domains/admin/routes.js';
import { ensureFirstAdmin } from './domains/admin/service.js';
import { authRoutes } from './domains/auth/routes.js';
import { type Auth, createAuth } from './domains/auth/service.js';
import { SessionCache } from './domains/auth/session-cache.js';
import { healthRoutes } from './domains/health/routes.js';
import { registerHistory } from './domains/history/register.js';
import { modelRoutes } from './domains/models/routes.js';
import type { ModelHooks } from './domains/models/service.js';
import { sherpaModelHooks } from './domains/models/sherpa-hooks.js';
import { pricingRoutes } from './domains/pricing/routes.js';
import { registerProjects } from './domains/projects/index.js';
import { registerPronunciation } from './domains/pronunciation/index.js';
import { registerPublicApi } from './domains/public-api/register.js';
import { setupRoutes } from './domains/setup/routes.js';
import { siteRoutes } from './domains/site/routes.js';
import type { CallbackTransport } from './domains/speech/completion-callback.js';
import { registerSpeech } from './domains/speech/register.js';
import { voiceRoutes } from './domains/voices/routes.js';
import { configuredEngines } from './engines/configured-engines.js';
import { createEngineRegistry, type EngineRegistry } from './engines/registry.js';
import type { SpeechEngineV1 } from './engines/speech-engine.js';
import { apiGuide } from './http/api-guide.js';
import { registerErrorHandler } from './http/errors.js';
import { registerMalformedInputGuard } from './http/malformed-input.js';
import { namedPlugin } from './http/named-plugin.js';
import { registerOverloadProtection } from './http/overload.js';
import { serializeRequest } from './http/request-log.js';
import { type RequestsInFlight, trackRequestsInFlight } from './http/requests-in-flight.js';
import { registerSameOriginGuard } from './http/same-origin.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { sessionGuard } from './http/session-guard.js';
import { registerWebApp } from './http/web-app.js';
import { JobQueue } from './jobs/queue.js';
import { registerMetrics } from './metrics/http.js';
import { pooledEngine, pooledTakeEncoder } from './render-pool/pooled.js';
import { RenderPool } from './render-pool/render-pool.js';
import { runsInRenderThreads } from './render-pool/thread-engines.js';
import type { FileStorage } from './storage/file-storage.js';
import { openStorage } from './storage/open-storage.js';
import { version } from './version.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Kysely<Database>;
    databaseKind: 'pglite' | 'postgres';
    jobs: JobQueue;
    storage: FileStorage;
    auth: Auth;
    /** This process's recently read sessions: cleared by anything that ends sessions (a suspension). */
    sessionCache: SessionCache;
    accountEvents: AccountEvents;
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    engines: EngineRegistry;
    /** Turns a sentence's PCM into its MP3 take: in the render pool's threads when there is one. */
    encodeTake: TakeEncoder;
    /** Worker threads that synthesise and encode; null when RENDER_THREADS=0 (all on the event loop). */
    renderPool: RenderPool | null;
    /** Starts the first render thread ahead of a task, when this process renders and has a pool. */
    warmRenders: () => void;
    /** What a graceful shutdown waits for (shutdown.ts). */
    requestsInFlight: RequestsInFlight;
  }
}

function loggerOptions(config: Config, stream?: LogStream): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  const serializers = { req: serializeRequest };
  if (stream) return { level: config.logLevel, stream, serializers };
  const pretty = config.env === 'development' || (config.env !== 'test' && process.stdout.isTTY);
  return {
    level: config.logLevel,
    serializers,
    ...(pretty
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
      : {}),
  };
}

/**
 * Builds the whole application: external plugins, then the app's services (database, jobs,
 * storage), then the routes. Tests boot it with their own config; server.ts adds listen().
 */
interface BuildOptions {
  /** Engines to use instead of the configured ones (tests pass engines that fail on purpose). */
  engines?: SpeechEngineV1[];
  /** How completion callbacks reach the network (tests deliver them to a loopback receiver). */
  callbackTransport?: CallbackTransport;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /** The model manager's verify and onChange hooks (the sherpa engine's probe and reload). */
  modelHooks?: ModelHooks;
}

export interface LogStream {
  write(line: string): void;
}

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // Before Fastify starts counting its plugins' start-up time: a bucket loads the AWS SDK here.
  const files = await openStorage(config.storage);
  const app = Fastify({
    logger: loggerOptions(config, options.logStream),
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so every request is counted, even one a later hook refuses.
  app.decorate('requestsInFlight', trackRequestsInFlight(app));
  registerErrorHandler(app);
  registerMetrics(app, config.metrics.token);
  registerSameOriginGuard(app, config.publicUrl);
  registerMalformedInputGuard(app);
  registerSecurityHeaders(app, config.publicUrl);
  registerOverloadProtection(app, config.overload, config.database.kind);

  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Sayso API', version, description: apiGuide() } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  const database = await openDatabase(config.database);
  app.addHook('onClose', () => database.close());
  const renderPool = config.renderThreads > 0 ? new RenderPool(config.renderThreads, app.log) : null;
  // Registered before the job queue's hook, so it runs after it: running jobs finish their renders first.
  app.addHook('onClose', async () => renderPool?.close());
  const applied = await migrate(database.db);
  if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');

  const jobs = await JobQueue.start(database.jobs, { pollIntervalMs: config.jobPollIntervalMs, logger: app.log });
  // Registered after the database hook, so it runs first: Fastify closes in reverse order.
  app.addHook('onClose', () => jobs.stop());

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('databaseKind', database.kind);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => files.close());
  app.decorate('storage', files.storage);
  // Engines a test brings are used as they are; configured ones that compute go to the render pool.
  const engines =
    options.engines ??
    (await configuredEngines(config, files.storage, app.log)).map((engine) =>
      renderPool && runsInRenderThreads(engine.id) ? pooledEngine(engine, renderPool) : engine,
    );
  app.decorate('renderPool', renderPool);
  // Not at boot: a server nobody uses holds no render thread (about 60 MiB). A studio asks for its
  // voices when it opens, seconds before the first Generate, and that warms the first thread
  // (decision 0048); a separate worker process warms at its start (worker.ts).
  app.decorate('warmRenders', () => {
    if (!renderPool || !config.runWorkers) return;
    renderPool.warm().catch((error: unknown) => app.log.error({ err: error }, 'the render pool did not start'));
  });
  app.decorate('encodeTake', renderPool ? pooledTakeEncoder(renderPool) : encodeTake);
  app.addHook('onClose', async () => {
    await Promise.all(engines.map((engine) => engine.close?.()));
  });
  app.decorate('engines', await createEngineRegistry(engines, config.speech.engines, app.log));

  await ensureFirstAdmin(database.db, config.initialAdmin, app.log);

  const mailPasswordReset = config.mail ? passwordResetMailer(config.mail) : null;
  const accountEvents = new AccountEvents();
  await accountEvents.start(database);
  app.addHook('onClose', () => accountEvents.stop());
  const auth = createAuth({
    config,
    db: database.db,
    secret: config.auth.secret ?? (await loadOrCreateSecret(database.db, 'auth_secret')),
    logger: app.log,
    hooks: {
      onUserCreated: async (userId) => {
        await ensureAccount(database.db, userId);
      },
      onSignedIn: async (userId) => {
        await recordSignIn(database.db, userId);
      },
      ...(mailPasswordReset
        ? {
            sendPasswordReset: (to, link) => mailPasswordReset({ to, link, productName: config.public.productName }),
          }
        : {}),
      beforeSignIn: (userId) => refuseIfSuspended(database.db, userId),
    },
  });
  app.decorate('auth', auth);
  app.decorate('accountEvents', accountEvents);
  const sessions = new SessionCache(config.auth.sessionCacheSeconds * 1000);
  app.decorate('sessionCache', sessions);
  app.decorate('requireUser', sessionGuard(auth, config.auth.sessionMaxDays, sessions));
  app.decorateRequest('user', null);
  app.decorateRequest('admin', null);

  await app.register(namedPlugin('healthRoutes', healthRoutes));
  await app.register(namedPlugin('siteRoutes', siteRoutes));
  await app.register(namedPlugin('pricingRoutes', pricingRoutes));
  await app.register(
    namedPlugin(
      'authRoutes',
      authRoutes(auth, sessions, {
        publicUrl: config.publicUrl,
        failedSignInsPerMinute: config.auth.signInAttemptsPerMinute,
      }),
    ),
  );
  await app.register(namedPlugin('accountRoutes', accountRoutes));
  await registerSelfService(app, sessions);
  await app.register(namedPlugin('adminRoutes', adminRoutes));
  await app.register(namedPlugin('modelRoutes', modelRoutes(options.modelHooks ?? sherpaModelHooks(engines))));
  await app.register(namedPlugin('setupRoutes', setupRoutes));
  await registerSpeech(app, config, options.callbackTransport);
  await app.register(namedPlugin('voiceRoutes', voiceRoutes));
  await registerHistory(app, config);
  await registerProjects(app);
  await registerPronunciation(app);
  await registerPublicApi(app, config);
  await registerWebApp(app, config.webDistDir);

  return app;
}
