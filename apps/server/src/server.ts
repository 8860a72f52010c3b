import { buildApp } from './app.js';
import { holdDataFolder } from './backup/data-folder-lock.js';
import { ConfigError, loadConfig } from './config.js';
import { stopGracefully } from './shutdown.js';

/** Starts the API, the web app and (unless RUN_WORKERS=false) the job workers in one process. */
async function main(): Promise<void> {
  const config = loadConfig();
  // The embedded database is one process's: the lock lets backup and restore refuse while it runs.
  if (config.database.kind === 'pglite') await holdDataFolder(config.database.dir);
  const app = await buildApp(config);
  stopGracefully(app);
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Sayso is running at ${config.publicUrl}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(error);
  process.exit(1);
});
