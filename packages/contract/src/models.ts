import { z } from 'zod';
import { engineReport } from './site.js';

/** The sherpa-onnx model families the server runs (mirrors the server's manifest). */
export const modelFamily = z.enum(['vits', 'matcha', 'kokoro', 'kitten', 'pocket', 'zipvoice', 'gtcrn']);

const licence = {
  /** SPDX id, or 'unknown'. */
  license: z.string(),
  /** Whether the licence allows selling what the model speaks; null when unknown. */
  commercialUse: z.boolean().nullable(),
  licenseNote: z.string().nullable(),
};

/** A model the catalogue can install by name (the Models page's Install, or `npm run models -- install NAME`). */
export const catalogueModel = z.object({
  name: z.string(),
  family: modelFamily,
  title: z.string(),
  /** Where the archive is downloaded from (the mirror's address when MODEL_DOWNLOAD_BASE_URL is set). */
  url: z.string(),
  /** Separately published files fetched with it (ZipVoice's vocoder), from the same place. */
  extraUrls: z.array(z.string()),
  /** Approximate download size. */
  sizeBytes: z.number().int(),
  ...licence,
  languages: z.array(z.string()),
  voiceCount: z.number().int(),
  sampleRate: z.number().int(),
  /** Whether the publisher gives a checksum that an install is checked against. */
  checksumPublished: z.boolean(),
  installed: z.boolean(),
});
export type CatalogueModel = z.infer<typeof catalogueModel>;

/** A model installed on this machine, from its record (`sayso-model.json`). */
export const installedModel = z.object({
  name: z.string(),
  family: modelFamily,
  title: z.string(),
  /** Bytes on disk. */
  sizeBytes: z.number().int(),
  ...licence,
  languages: z.array(z.string()),
  /** 'verified' against a published checksum, or only 'recorded' (none is published). */
  checksum: z.enum(['verified', 'recorded']),
  sha256: z.string(),
  source: z.enum(['url', 'file']),
  installedAt: z.string(),
  /** Its licence forbids commercial use while credits are on sale. */
  licenceWarning: z.boolean(),
});
export type InstalledModel = z.infer<typeof installedModel>;

/** Where an install by name stands. Jobs live on the server, so every open staff page sees the same. */
export const installJobState = z.enum([
  'queued',
  'downloading',
  'unpacking',
  'verifying',
  'installed',
  'failed',
  'cancelled',
]);
export type InstallJobState = z.infer<typeof installJobState>;

export const downloadProgress = z.object({
  receivedBytes: z.number().int(),
  /** Null when the server sending the archive does not say. */
  totalBytes: z.number().int().nullable(),
  percent: z.number().int().nullable(),
  /** Over the last few seconds. */
  bytesPerSecond: z.number().int().nullable(),
  secondsLeft: z.number().int().nullable(),
});
export type DownloadProgress = z.infer<typeof downloadProgress>;

export const installJob = z.object({
  /** The catalogue model being installed. */
  name: z.string(),
  state: installJobState,
  /** The latest download's progress; null before the first byte. */
  progress: downloadProgress.nullable(),
  /** Why it failed, for the operator. */
  error: z.string().nullable(),
  /** Who asked: a staff member's name, or 'MODELS_PRELOAD'. */
  requestedBy: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type InstallJob = z.infer<typeof installJob>;

/** A job is active while it may still change by itself. */
export const isActiveInstall = (job: Pick<InstallJob, 'state'>): boolean =>
  job.state === 'queued' || job.state === 'downloading' || job.state === 'unpacking' || job.state === 'verifying';

/** GET /api/admin/models. */
export const modelList = z.object({
  catalogue: z.array(catalogueModel),
  installed: z.array(installedModel),
  /** Credit packs are offered, so what the models speak is sold. */
  creditsOnSale: z.boolean(),
  /** Some installed model's licence forbids commercial use while credits are on sale. */
  licenceWarning: z.boolean(),
  /** The largest archive the upload accepts. */
  uploadLimitBytes: z.number().int(),
  /** Every speech engine, up or down (and why), with the studios it serves now that the models changed. */
  engines: z.array(engineReport),
  /** Installs by name: running, queued, and the last outcome of each model. */
  jobs: z.array(installJob),
});
export type ModelList = z.infer<typeof modelList>;

/** DELETE /api/admin/models/:name. */
export const modelParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, "A model name has letters, digits, '-', '_' and '.'"),
});
export type ModelParams = z.infer<typeof modelParams>;

/** The languages staff want natural voices for; ISO 639-1 codes or browser tags (`de-DE` counts as `de`). */
export const recommendedQuery = z.object({
  languages: z
    .string()
    .max(500)
    .transform((value) => value.split(',').filter(Boolean)),
  /** Also Pocket TTS for cloning; staff have read its licence and consent notice. */
  cloning: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});

/** POST /api/admin/models/recommended. */
export const recommendedRequest = z.object({
  languages: z.array(z.string().min(2).max(35)).max(50),
  cloning: z.boolean().default(false),
});
export type RecommendedRequest = z.input<typeof recommendedRequest>;

/** The set that covers the languages best, and what it leaves out. */
export const recommendedSet = z.object({
  models: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      /** Why it is in the set: the languages it speaks for the request, or 'cloning' / 'denoiser'. */
      covers: z.array(z.string()),
      sizeBytes: z.number().int(),
      installed: z.boolean(),
    }),
  ),
  /** Asked-for languages no catalogue voice speaks. */
  uncovered: z.array(z.string()),
  /** Jobs started (POST only). */
  jobs: z.array(installJob),
});
export type RecommendedSet = z.infer<typeof recommendedSet>;
