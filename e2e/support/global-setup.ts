import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

export default async function setup(project: TestProject) {
  for (const built of ['apps/server/dist/server.js', 'apps/web/dist/index.html']) {
    if (!existsSync(path.join(repoRoot, built))) throw new Error(`${built} is missing: run "npm run build" first`);
  }
  const server = await startServer();
  project.provide('baseUrl', server.baseUrl);
  return () => server.stop();
}
