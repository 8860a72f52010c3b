import { z } from 'zod';

/**
 * What a backup archive holds, written as its last entry (`manifest.json`), once every size and
 * SHA-256 is known. The archive is a gzip-compressed tar:
 *   tables/<table>.jsonl  one row a line, as PostgreSQL's row_to_json wrote it
 *   files/<key>           every stored file's bytes (local storage only)
 *   manifest.json         this
 */
export const FORMAT = 'sayso-backup';
/** Raised when the layout changes in a way an older restore could not read. */
export const FORMAT_VERSION = 1;

export const MANIFEST_ENTRY = 'manifest.json';
export const tableEntry = (table: string) => `tables/${table}.jsonl`;
export const FILE_PREFIX = 'files/';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const tableSchema = z.object({
  name: z.string().min(1),
  rows: z.number().int().nonnegative(),
  columns: z.array(z.string().min(1)),
  bytes: z.number().int().nonnegative(),
  sha256,
});

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.number().int().positive(),
  productVersion: z.string(),
  migrationLevel: z.number().int().nonnegative(),
  database: z.enum(['pglite', 'postgres']),
  createdAt: z.iso.datetime(),
  tables: z.array(tableSchema),
  sequences: z.array(
    z.object({ name: z.string().min(1), lastValue: z.string().regex(/^-?\d+$/), isCalled: z.boolean() }),
  ),
  storage: z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('local'),
      files: z.array(z.object({ key: z.string().min(1), size: z.number().int().nonnegative(), sha256 })),
      /** Files deleted by a running server between the database snapshot and their turn to be read. */
      vanished: z.array(z.string()),
    }),
    z.object({
      kind: z.literal('s3'),
      bucket: z.string().min(1),
      /** The bucket's objects when the backup was made; their bytes are copied with `aws s3 sync` or rclone. */
      objects: z.array(z.object({ key: z.string().min(1), size: z.number().int().nonnegative(), etag: z.string() })),
    }),
  ]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableManifest = z.infer<typeof tableSchema>;

/** The manifest of an archive, or an error naming what is wrong with it. */
export function parseManifest(text: string): BackupManifest {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError('The archive is damaged: its manifest.json is not JSON.');
  }
  const format = (json as { format?: unknown; formatVersion?: unknown } | null) ?? {};
  if (format.format === FORMAT && typeof format.formatVersion === 'number' && format.formatVersion > FORMAT_VERSION) {
    throw new BackupError(
      `The archive is in backup format ${format.formatVersion}; this version of Sayso reads format ${FORMAT_VERSION}. Restore it with the version that made it, or a newer one.`,
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new BackupError(`The archive's manifest is not one Sayso wrote: ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data;
}

/** A refusal or failure the command line shows as it is, without a stack. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
