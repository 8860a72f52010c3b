import type { CatalogueModel, InstalledModel, ModelList } from '@sayso/contract/models';
import type { EngineReport } from '@sayso/contract/site';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { CATALOGUE, type CatalogueEntry } from '../../models/catalogue.js';
import {
  type InstallOptions,
  installFromFile,
  listInstalled,
  ModelInstallError,
  type ModelStoreOptions,
  removeModel,
} from '../../models/installer.js';
import type { ModelManifest } from '../../models/manifest.js';
import { CREDIT_PACKS } from '../pricing/credit-packs.js';

/**
 * What the server wires into the model manager: `verify` loads a model before it is installed (the
 * sherpa engine's probe), `onChange` reloads the engines after an install or removal.
 */
export interface ModelHooks {
  verify?: InstallOptions['verify'];
  onChange?: () => void | Promise<void>;
}

const STATUS: Record<ModelInstallError['code'], number> = {
  UNSUPPORTED_FORMAT: 400,
  BAD_NAME: 400,
  BAD_ARCHIVE: 422,
  UNSAFE_ARCHIVE: 422,
  CHECKSUM_MISMATCH: 422,
  UNKNOWN_FAMILY: 422,
  VERIFY_FAILED: 422,
  NOT_IN_CATALOGUE: 404,
  NOT_INSTALLED: 404,
  ALREADY_INSTALLED: 409,
  DOWNLOAD_FAILED: 502,
};

/** The model manager's refusals as HTTP errors; anything else is the server's fault and stays a 500. */
function asAppError(error: unknown): unknown {
  if (!(error instanceof ModelInstallError)) return error;
  return new AppError(STATUS[error.code], error.message, error.code);
}

/** Credit packs are defined in code; selling credits means at least one is offered. */
export function creditsOnSale(): boolean {
  return CREDIT_PACKS.length > 0;
}

function catalogueItem(entry: CatalogueEntry, installed: Set<string>): CatalogueModel {
  return {
    name: entry.name,
    family: entry.family,
    title: entry.title,
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

/** The admin panel's view of the model manager: what can be installed, what is, and uploads. */
export class ModelService {
  private readonly store: ModelStoreOptions & ModelHooks;

  constructor(
    private readonly config: Config['models'],
    hooks: ModelHooks,
    /** The engines' reports (the registry's), so the page says which engines run and why one does not. */
    private readonly engineReports: () => Promise<EngineReport[]>,
  ) {
    this.store = { modelsDir: config.dir, ...hooks };
  }

  async list(): Promise<ModelList> {
    const manifests = await listInstalled(this.store);
    const names = new Set(manifests.map((manifest) => manifest.name));
    const onSale = creditsOnSale();
    const installed = manifests.map((manifest) => installedItem(manifest, onSale));
    return {
      catalogue: CATALOGUE.map((entry) => catalogueItem(entry, names)),
      installed,
      creditsOnSale: onSale,
      licenceWarning: installed.some((model) => model.licenceWarning),
      uploadLimitBytes: this.config.uploadLimitBytes,
      engines: await this.engineReports(),
    };
  }

  /** Installs an uploaded archive already written to `archivePath`; `fileName` is its name as sent. */
  async installUpload(archivePath: string, fileName: string): Promise<InstalledModel> {
    try {
      const manifest = await installFromFile(archivePath, { ...this.store, fileName });
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
