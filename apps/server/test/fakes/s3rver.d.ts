// s3rver ships no types; this declares the part of its API the tests use (its README and lib/s3rver.js).
declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  interface S3rverOptions {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  }

  /** What its filesystem store is handed to write (lib/models/object.js). */
  interface S3rverObject {
    bucket: string;
    key: string;
  }

  /** Its filesystem store (lib/stores/filesystem.js): where objects live on disk. */
  interface S3rverStore {
    getResourcePath(bucket: string, key: string, resource: string): string;
    putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    readonly store: S3rverStore;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
