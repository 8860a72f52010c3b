import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * What the model manager records about an installed model, in `sayso-model.json` inside the
 * model's folder (`DATA_DIR/models/<name>/`). The sherpa engine reads these records to know which
 * models exist; the folder appears only after its files were verified, so a record on disk always
 * describes a complete model.
 */
export const MANIFEST_FILE = 'sayso-model.json';

/** The sherpa-onnx model families the product runs; `gtcrn` is the denoiser, not a voice. */
export const MODEL_FAMILIES = ['vits', 'matcha', 'kokoro', 'kitten', 'pocket', 'zipvoice', 'gtcrn'] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

/** Families that clone a voice from reference audio (ZipVoice also needs the sample's transcript). */
export const CLONING_FAMILIES: ReadonlySet<ModelFamily> = new Set(['pocket', 'zipvoice']);

export interface ModelManifest {
  /** Folder name and id: letters, digits, '-', '_' and '.' (Piper names such as `vits-piper-de_DE-…` keep their capitals). */
  name: string;
  family: ModelFamily;
  title: string;
  /** ISO 639-1 codes; empty when unknown (an archive that is not in the catalogue). */
  languages: string[];
  /** The licence's name (SPDX id where there is one), or 'unknown'. */
  license: string;
  /** Whether the licence allows selling what the model speaks; null when unknown. */
  commercialUse: boolean | null;
  /** Bytes of the installed folder. */
  sizeBytes: number;
  /** SHA-256 of the archive it was installed from. */
  sha256: string;
  /** 'verified': matched the catalogue's checksum; 'recorded': no published checksum, so only recorded. */
  checksum: 'verified' | 'recorded';
  /** Where it came from: a catalogue URL, or a file the operator supplied. */
  source: { kind: 'url'; url: string } | { kind: 'file'; fileName: string };
  installedAt: string;
  /** The catalogue's voices (count, and names where known); absent for archives it does not know. */
  voices?: { count: number; names: string[] };
  /** Output sample rate in Hz, where the catalogue knows it. */
  sampleRate?: number;
  /** Why the licence needs a second look, where the catalogue says so. */
  licenseNote?: string;
  /** Every file of the model, relative to its folder, so an engine can find its parts without listing. */
  files?: string[];
}

/** The record's shape, checked when it is read: a record edited by hand or cut short is refused, not trusted. */
const modelManifestSchema = z.object({
  name: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  family: z.enum(MODEL_FAMILIES),
  title: z.string(),
  languages: z.array(z.string()),
  license: z.string(),
  commercialUse: z.boolean().nullable(),
  sizeBytes: z.number().nonnegative(),
  sha256: z.string(),
  checksum: z.enum(['verified', 'recorded']),
  source: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('url'), url: z.string() }),
    z.object({ kind: z.literal('file'), fileName: z.string() }),
  ]),
  installedAt: z.string(),
  voices: z.object({ count: z.number(), names: z.array(z.string()) }).optional(),
  sampleRate: z.number().optional(),
  licenseNote: z.string().optional(),
  files: z.array(z.string()).optional(),
}) satisfies z.ZodType<ModelManifest>;

/** A model folder's record as read: the manifest, or what is wrong with it. */
export type ManifestReading = { manifest: ModelManifest } | { problem: string };

/**
 * Reads and checks `folder`'s record. Null when the folder has none (a folder placed by hand, or
 * the manager's work in progress); a record that cannot be read or does not fit is a problem to
 * report, never an exception, so one bad folder cannot stop the others from loading.
 */
export async function readManifest(folder: string): Promise<ManifestReading | null> {
  const where = `${path.basename(folder)}/${MANIFEST_FILE}`;
  let text: string;
  try {
    text = await readFile(path.join(folder, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return null;
    return { problem: `${where} could not be read (${(error as Error).message})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `${where} is not valid JSON (${(error as Error).message})` };
  }
  const checked = modelManifestSchema.safeParse(json);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const field = issue?.path.join('.') || 'the record';
    return { problem: `${where} is not a model record: ${field}: ${issue?.message ?? 'invalid'}` };
  }
  return { manifest: checked.data };
}
