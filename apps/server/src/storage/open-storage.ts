import type { Config } from '../config.js';
import type { FileStorage } from './file-storage.js';
import { LocalStorage } from './local-storage.js';

export interface OpenedStorage {
  storage: FileStorage;
  /** Releases the storage's connections (an S3 client keeps sockets open). */
  close(): void;
}

/**
 * The configured storage: a local folder by default, a bucket when STORAGE=s3. The AWS SDK is
 * loaded only for a bucket: it holds about 30 MiB that a server on local files never uses.
 */
export async function openStorage(config: Config['storage']): Promise<OpenedStorage> {
  if (config.kind === 'local') return { storage: new LocalStorage(config.dir), close: () => {} };
  const { createS3Client, S3Storage } = await import('./s3-storage.js');
  const client = createS3Client(config);
  return { storage: new S3Storage(client, config.bucket, config.presignSeconds), close: () => client.destroy() };
}
