import type { CatalogueModel, InstalledModel, InstallJob, ModelList, RecommendedSet } from '@sayso/contract/models';
import type { EngineReport } from '@sayso/contract/site';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { parseArchiveName } from '../../models/archive.js';
import { CATALOGUE, type CatalogueEntry, findCatalogueEntry } from '../../models/catalogue.js';
import {
  type InstallOptions,
  installFromFile,
  installFromUrl,
  listInstalled,
  ModelInstallError,
  type ModelStoreOptions,
  removeModel,
  resolveUrl,
} from '../../models/installer.js';
import type { ModelManifest } from '../../models/manifest.js';
import { CREDIT_PACKS } from '../pricing/index.js';
import { InstallJobs, type JobLog } from './install-jobs.js';
import { recommendedModels } from './recommended.js';

/**
 * What the server wires into the model manager: `verify` loads a model before it is installed (the
 * sherpa engine's probe), `onChange` reloads the engines after an install or removal.
 */
export interface ModelHooks {
  verify?: InstallOptions['verify'];
  onChange?: () => void | Promise<void>;
  /** Download tuning for tests: a short stall timeout, a fetch of their own. */
  download?: Pick<InstallOptions, 'stallTimeoutMs' | 'maxResumes' | 'fetch'>;
}

/**
 * The model manager's refusals as HTTP errors, in its words (they name the model); each of its codes
 * is in the registry, which gives the status. Anything else is the server's fault and stays a 500.
 */
function asAppError(error: unknown): unknown {
  if (!(error instanceof ModelInstallError)) return error;
  return AppError.withMessage(error.code, error.message);
}

/** Credit packs are defined in code; selling credits means at least one is offered. */
export function creditsOnSale(): boolean {
  return CREDIT_PACKS.length > 0;
}

function catalogueItem(entry: CatalogueEntry, installed: Set<string>, baseUrl: string | undefined): CatalogueModel {
  return {
    name: entry.name,
    family: entry.family,
    title: entry.title,
    url: resolveUrl(entry.url, baseUrl),
    extraUrls: (entry.extras ?? []).map((extra) => resolveUrl(extra.url, baseUrl)),
    sizeBytes: entry.sizeBytes,
    license: entry.license,
    commercialUse: entry.commercialUse,
    licenseNote: entry.licenseNote ?? null,
    languages: entry.languages,
    voiceCount: entry.voices.count,
    sampleRate: entry.sampleRate,
    checksumPublished: entry.sha256 !== null,
    installed: installed.has(entry.name),
  };
}

function installedItem(manifest: ModelManifest, onSale: boolean): InstalledModel {
  return {
    name: manifest.name,
    family: manifest.family,
    title: manifest.title,
    sizeBytes: manifest.sizeBytes,
    license: manifest.license,
    commercialUse: manifest.commercialUse,
    licenseNote: manifest.licenseNote ?? null,
    languages: manifest.languages,
    checksum: manifest.checksum,
    sha256: manifest.sha256,
    source: manifest.source.kind,
    installedAt: manifest.installedAt,
    licenceWarning: onSale && manifest.commercialUse === false,
  };
}

/** The admin panel's view of the model manager: what can be installed, what is, installs by name and uploads. */
export class ModelService {
  private readonly store: ModelStoreOptions & ModelHooks;
  private readonly baseUrl: string | undefined;
  readonly jobs: InstallJobs;

  constructor(
    private readonly config: Config['models'],
    hooks: ModelHooks,
    /** The engines' reports (the registry's), so the page says which engines run and why one does not. */
    private readonly engineReports: () => Promise<EngineReport[]>,
    /** Where jobs log their progress; silent for a reader that only lists (the setup checklist). */
    log: JobLog = { info: () => {}, warn: () => {} },
  ) {
    this.store = { modelsDir: config.dir, ...hooks };
    this.baseUrl = config.downloadBaseUrl ?? undefined;
    this.jobs = new InstallJobs(
      (name, control) =>
        installFromUrl(name, {
          ...this.store,
          stallTimeoutMs: config.downloadStallTimeoutMs,
          ...hooks.download,
          ...(this.baseUrl ? { baseUrl: this.baseUrl } : {}),
          ...control,
        }),
      log,
    );
  }

  async list(): Promise<ModelList> {
    const manifests = await listInstalled(this.store);
    const names = new Set(manifests.map((manifest) => manifest.name));
    const onSale = creditsOnSale();
    const installed = manifests.map((manifest) => installedItem(manifest, onSale));
    return {
      catalogue: CATALOGUE.map((entry) => catalogueItem(entry, names, this.baseUrl)),
      installed,
      creditsOnSale: onSale,
      licenceWarning: installed.some((model) => model.licenceWarning),
      uploadLimitBytes: this.config.uploadLimitBytes,
      engines: await this.engineReports(),
      jobs: this.jobs.list(),
    };
  }

  /** What is installed on this machine, without the catalogue or the engines (the health report reads it). */
  async installed(): Promise<InstalledModel[]> {
    const onSale = creditsOnSale();
    return (await listInstalled(this.store)).map((manifest) => installedItem(manifest, onSale));
  }

  private async installedNames(): Promise<Set<string>> {
    return new Set((await listInstalled(this.store)).map((manifest) => manifest.name));
  }

  /** Starts downloading a catalogue model in the background; answers with its job at once. */
  async startInstall(name: string, requestedBy: string): Promise<InstallJob> {
    if (!findCatalogueEntry(name)) {
      throw new AppError('NOT_IN_CATALOGUE', name);
    }
    if (this.jobs.isActive(name)) {
      throw new AppError('INSTALL_RUNNING', name);
    }
    if ((await this.installedNames()).has(name)) {
      throw new AppError('ALREADY_INSTALLED', name);
    }
    return this.jobs.start(name, requestedBy);
  }

  /** Cancels a running install, or forgets a finished one (a failure staff have read). */
  async cancelInstall(name: string): Promise<InstallJob> {
    const job = this.jobs.get(name);
    if (!job) throw new AppError('NO_INSTALL', name);
    const cancelled = await this.jobs.cancel(name);
    if (
      job.state !== 'queued' &&
      job.state !== 'downloading' &&
      job.state !== 'unpacking' &&
      job.state !== 'verifying'
    ) {
      this.jobs.dismiss(name);
    }
    return cancelled ?? job;
  }

  /** The set that covers `languages` best, marked with what is installed; `install` starts what is missing. */
  async recommended(
    languages: readonly string[],
    options: { cloning: boolean; install?: { requestedBy: string } },
  ): Promise<RecommendedSet> {
    const choice = recommendedModels(languages, CATALOGUE, options);
    const installed = await this.installedNames();
    const jobs: InstallJob[] = [];
    if (options.install) {
      for (const { entry } of choice.models) {
        if (installed.has(entry.name)) continue;
        jobs.push(
          this.jobs.isActive(entry.name)
            ? (this.jobs.get(entry.name) as InstallJob) // isActive has just found it
            : this.jobs.start(entry.name, options.install.requestedBy),
        );
      }
    }
    return {
      models: choice.models.map(({ entry, covers }) => ({
        name: entry.name,
        title: entry.title,
        covers,
        sizeBytes: entry.sizeBytes,
        installed: installed.has(entry.name),
      })),
      uncovered: choice.uncovered,
      jobs,
    };
  }

  /** MODELS_PRELOAD: queues the listed models that are not installed; the server serves meanwhile. */
  async preload(names: readonly string[]): Promise<InstallJob[]> {
    const installed = await this.installedNames();
    return names.filter((name) => !installed.has(name)).map((name) => this.jobs.start(name, 'MODELS_PRELOAD'));
  }

  /** Installs an uploaded archive already written to `archivePath`; `fileName` is its name as sent. */
  async installUpload(
    archivePath: string,
    fileName: string,
    extraFiles: readonly string[] = [],
  ): Promise<InstalledModel> {
    if (this.jobs.isActive(parseName(fileName))) {
      throw new AppError('CATALOGUE_INSTALL_RUNNING', parseName(fileName));
    }
    try {
      const manifest = await installFromFile(archivePath, { ...this.store, fileName, extraFiles });
      return installedItem(manifest, creditsOnSale());
    } catch (error) {
      throw asAppError(error);
    }
  }

  async remove(name: string): Promise<void> {
    try {
      await removeModel(name, this.store);
    } catch (error) {
      throw asAppError(error);
    }
  }
}

/** The model name an archive's file name gives, or the name itself when it is not an archive name. */
function parseName(fileName: string): string {
  try {
    return parseArchiveName(fileName).baseName;
  } catch {
    return fileName;
  }
}
