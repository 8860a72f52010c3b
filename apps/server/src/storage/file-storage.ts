import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  size: number;
}

export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where the product keeps audio and samples: a local folder by default, object storage at scale.
 * Every write is all-or-nothing: a reader sees the old file, the new one whole, or none, never
 * part of one (also when two writers race on one key, or a write fails half-way).
 */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<StoredFile>;
  /** Like put, for large files: the body is streamed, never held in memory whole. */
  putStream(key: string, body: Readable): Promise<StoredFile>;
  /** Size of the file, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  /** The file's bytes (end inclusive when a range is given); rejects with MissingFileError when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  isHealthy(): Promise<boolean>;
  /**
   * A short-lived address the browser can fetch the file from directly, with these response
   * headers; null (or absent) when files are served through the API.
   */
  downloadUrl?(key: string, headers: DownloadHeaders): Promise<string | null>;
}

export interface DownloadHeaders {
  contentType: string;
  contentDisposition?: string;
}

/** A read of a key that holds no file: the same error whichever storage is configured. */
export class MissingFileError extends Error {
  readonly code = 'FILE_MISSING';
  constructor(readonly key: string) {
    super(`No stored file under ${key}`);
    this.name = 'MissingFileError';
  }
}

/** Keys are relative paths of safe segments: letters, digits, dot, dash and underscore. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const valid = segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(s) && s !== '..' && s !== '.');
  if (!valid || segments.length > 8) throw new Error(`Invalid storage key: ${key}`);
}
