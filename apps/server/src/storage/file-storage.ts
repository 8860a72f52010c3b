import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  size: number;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Where the product keeps audio and samples: a local folder by default, object storage at scale. */
export interface FileStorage {
  put(key: string, data: Buffer): Promise<StoredFile>;
  /** Size of the file, or null when there is none. */
  stat(key: string): Promise<StoredFile | null>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  isHealthy(): Promise<boolean>;
}

/** Keys are relative paths of safe segments: letters, digits, dot, dash and underscore. */
export function assertValidKey(key: string): void {
  const segments = key.split('/');
  const valid = segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(s) && s !== '..' && s !== '.');
  if (!valid || segments.length > 8) throw new Error(`Invalid storage key: ${key}`);
}
