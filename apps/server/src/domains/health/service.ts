import type { InstalledModel } from '@sayso/contract/models';
import type { ComponentStatus, EngineReport, HealthModel, HealthReport, ModelRole, Studio } from '@sayso/contract/site';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { CLONING_FAMILIES } from '../../models/manifest.js';
import { version } from '../../version.js';
import { databaseVersion, pingDatabase, speechQueueDepth } from './repository.js';

/** What the health check reads: the app's services, each probed on every call. */
type HealthSources = Pick<FastifyInstance, 'db' | 'databaseKind' | 'jobs' | 'storage' | 'engines'>;

/** The components every check covers; the staff report adds what staff need to read them. */
type ComponentReport = Pick<HealthReport, 'status' | 'version' | 'database' | 'engines'> & {
  queue: ComponentStatus;
  storage: ComponentStatus;
};

/** What this process knows of itself; tests pass fixed figures. */
export interface ProcessFacts {
  uptimeSeconds(): number;
  rssBytes(): number;
  nodeVersion: string;
}

const thisProcess: ProcessFacts = {
  uptimeSeconds: () => process.uptime(),
  // rss() alone: memoryUsage() walks the whole V8 heap to count it, which is slow on a big heap.
  rssBytes: () => process.memoryUsage.rss(),
  nodeVersion: process.version,
};

/** The staff report also reads where files go (the configuration). */
type StaffHealthSources = HealthSources & { config: Pick<Config, 'storage'> };

/** What the staff report reads from elsewhere: the installed models (the models domain's list). */
export interface StaffHealthReaders {
  installedModels: () => Promise<InstalledModel[]>;
  /** This process's figures; tests pass fixed ones. */
  process?: ProcessFacts;
}

/** The engine that runs installed models; the models serve the studios it serves. */
const MODEL_ENGINE = 'sherpa';

async function probe(check: () => Promise<unknown>): Promise<ComponentStatus> {
  try {
    await check();
    return { status: 'up' };
  } catch (error) {
    return { status: 'down', detail: error instanceof Error ? error.message : String(error) };
  }
}

/** Null when the database cannot answer: its own line of the report already says why. */
async function unlessDown<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch {
    return null;
  }
}

/**
 * Probes the database, the job queue, storage and the speech engines. The installation is 'ok'
 * when the first three are up; an engine that is down has a fallback, so it only shows in its report.
 */
export async function checkHealth(sources: HealthSources): Promise<ComponentReport> {
  const [database, queue, storage, engines] = await Promise.all([
    probe(() => pingDatabase(sources.db)),
    probe(async () => {
      if (!(await sources.jobs.isHealthy())) throw new Error('job schema is not installed');
    }),
    probe(() => sources.storage.isHealthy()),
    sources.engines.reports(),
  ]);
  const up = [database, queue, storage].every((c) => c.status === 'up');
  return {
    status: up ? 'ok' : 'degraded',
    version,
    database: { ...database, kind: sources.databaseKind },
    queue,
    storage,
    engines,
  };
}

/** Where files are kept, in the words an operator configured them with. */
function storageLocation(storage: Config['storage']): string {
  if (storage.kind === 'local') return storage.dir;
  return storage.endpoint
    ? `bucket ${storage.bucket} at ${storage.endpoint}`
    : `bucket ${storage.bucket} on AWS (${storage.region})`;
}

function roleOf(model: InstalledModel): ModelRole {
  if (model.family === 'gtcrn') return 'denoiser';
  return CLONING_FAMILIES.has(model.family) ? 'clone' : 'preset';
}

/** The studio a model of each role can serve; a denoiser cleans samples and serves none itself. */
const STUDIO_OF_ROLE: Record<ModelRole, Studio | null> = { preset: 'preset', clone: 'clone', denoiser: null };

/** The names of the models the engine has loaded; none when it could not read its folder. */
async function loadedModelNames(sources: HealthSources): Promise<Set<string>> {
  const engine = sources.engines.byId(MODEL_ENGINE);
  if (!engine) return new Set();
  const models = await unlessDown(() => engine.listModels());
  return new Set((models ?? []).map((model) => model.id));
}

/**
 * Each installed model with the studio it serves now: its role's studio, when the engine that runs
 * models serves that studio and has this model loaded (one that failed to load serves nothing).
 */
async function modelsReport(
  sources: HealthSources,
  readers: StaffHealthReaders,
  engines: EngineReport[],
): Promise<HealthModel[]> {
  const [installed, loaded] = await Promise.all([readers.installedModels(), loadedModelNames(sources)]);
  const engineServes = new Set(engines.find((engine) => engine.id === MODEL_ENGINE)?.serves ?? []);
  return installed.map((model) => {
    const role = roleOf(model);
    const studio = STUDIO_OF_ROLE[role];
    const serves = studio && loaded.has(model.name) && engineServes.has(studio) ? [studio] : [];
    return { name: model.name, title: model.title, role, serves };
  });
}

/**
 * The staff report: every component with why it is down, plus what an operator reads to judge
 * them — the queue's depth, where files go, the installed models and the studios they serve, the
 * versions running, and this process's uptime and memory.
 */
export async function staffHealthReport(
  sources: StaffHealthSources,
  readers: StaffHealthReaders,
): Promise<HealthReport> {
  const facts = readers.process ?? thisProcess;
  const [components, depth, databaseServer] = await Promise.all([
    checkHealth(sources),
    unlessDown(() => speechQueueDepth(sources.db)),
    unlessDown(() => databaseVersion(sources.db)),
  ]);
  const models = await modelsReport(sources, readers, components.engines);
  return {
    ...components,
    queue: { ...components.queue, depth },
    storage: {
      ...components.storage,
      kind: sources.config.storage.kind,
      location: storageLocation(sources.config.storage),
    },
    models: { count: models.length, installed: models },
    versions: { product: version, node: facts.nodeVersion, database: databaseServer },
    process: { uptimeSeconds: facts.uptimeSeconds(), rssBytes: facts.rssBytes() },
  };
}
