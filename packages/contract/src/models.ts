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

/** A model the catalogue can install by name (`npm run models -- install NAME`). */
export const catalogueModel = z.object({
  name: z.string(),
  family: modelFamily,
  title: z.string(),
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
});
export type ModelList = z.infer<typeof modelList>;

/** DELETE /api/admin/models/:name. */
export const modelParams = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/, "A model name has letters, digits, '-', '_' and '.'"),
});
export type ModelParams = z.infer<typeof modelParams>;
