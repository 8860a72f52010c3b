import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { serveWorkerMetrics } from './metrics/http.js';
import { stopGracefully } from './shutdown.js';

/**
 * Runs job workers only, for scale-out: several of these share the API's PostgreSQL database.
 * It builds the same app (so every job handler is registered) but never listens for HTTP.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), runWorkers: true };
  if (config.database.kind !== 'postgres') {
    throw new ConfigError(['DATABASE_URL: a separate worker process needs a shared PostgreSQL database']);
  }
  const app = await buildApp(config);
  await app.ready();
  // A worker exists to render: its first thread starts now rather than on its first task.
  app.warmRenders();
  if (config.metrics.token) {
    // Lives as long as the process: a graceful stop ends the process once the app has closed.
    await serveWorkerMetrics(config.metrics.token, config.host, config.metrics.workerPort);
    app.log.info({ port: config.metrics.workerPort }, 'worker metrics served');
  }
  app.log.info('worker started');
  stopGracefully(app);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error(error);
  process.exit(1);
});
