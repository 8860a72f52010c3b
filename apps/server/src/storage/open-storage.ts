import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalStorage } from './local-storage.js';
import { createS3Client, S3Storage } from './s3-storage.js';

export interface OpenedStorage {
  storage: FileStorage;
  /** Releases the storage's connections (an S3 client keeps sockets open). */
  close(): void;
}

/** The configured storage: a local folder by default, a bucket when STORAGE=s3. */
export function openStorage(config: Config['storage']): OpenedStorage {
  if (config.kind === 'local') return { storage: new LocalStorage(config.dir), close: () => {} };
  const client = createS3Client(config);
  return { storage: new S3Storage(client, config.bucket, config.presignSeconds), close: () => client.destroy() };
}
