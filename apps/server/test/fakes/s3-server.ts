import { randomUUID } from 'node:crypto';
import { mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { S3Client } from '@aws-sdk/client-s3';
import S3rver, { type S3rverObject, type S3rverStore } from 's3rver';
import type { S3StorageConfig } from '../../src/config.js';

/** s3rver's built-in account: it refuses requests signed with any other key. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface FakeS3 {
  /** Settings as an operator would give them (STORAGE=s3 with S3_ENDPOINT and path-style addressing). */
  config: S3StorageConfig;
  /** The same variables as the environment of a process that should use this bucket. */
  env: Record<string, string>;
  /** A client signed with s3rver's key, for code under test and for looking behind its back. */
  client: S3Client;
  /** Another such client, for a test that watches or changes a client's middleware. */
  newClient(): S3Client;
  close(): Promise<void>;
}

/** An S3 server (s3rver) on a free loopback port, its objects in a fresh temporary folder, with one empty bucket. */
export async function startFakeS3(bucket = 'sayso-test'): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'sayso-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  makeWritesAtomic(server.store);
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const config: S3StorageConfig = {
    kind: 's3',
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    presignSeconds: null,
  };
  const newClient = () =>
    new S3Client({ region: config.region, endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  const client = newClient();
  return {
    config,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_REGION: config.region,
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    client,
    newClient,
    close: async () => {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * S3 makes a PUT (and a completed multipart upload) visible all at once, and two racing writers
 * leave one whole object. s3rver 3.7 writes straight into the object's file, and answers before
 * that file is flushed, so racing writers can leave a mix of both. This stages each object under
 * a key of its own, waits for all its bytes, and renames it into place, which makes the fake keep
 * the guarantee the real services give (and that the storage contract checks).
 */
function makeWritesAtomic(store: S3rverStore): void {
  const putObject = store.putObject.bind(store);
  store.putObject = async (object) => {
    const staging = `${object.key}.${randomUUID()}.staging`;
    const staged = Object.assign(Object.create(Object.getPrototypeOf(object)) as S3rverObject, object, {
      key: staging,
    });
    const result = await putObject(staged);
    const stagedFile = store.getResourcePath(object.bucket, staging, 'object');
    while ((await stat(stagedFile)).size < result.size) await sleep(2);
    // The object's bytes go last: their rename is the moment the new version appears.
    for (const resource of ['metadata.json', 'object.md5', 'object']) {
      await rename(
        store.getResourcePath(object.bucket, staging, resource),
        store.getResourcePath(object.bucket, object.key, resource),
      );
    }
    return result;
  };
}
