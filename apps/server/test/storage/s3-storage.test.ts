import type { S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MissingFileError } from '../../src/storage/file-storage.js';
import { S3Storage } from '../../src/storage/s3-storage.js';
import { type FakeS3, startFakeS3 } from '../fakes/s3-server.js';
import { describeStorageContract, failingAfter } from './storage-contract.js';

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(() => s3.close());

// One bucket for the file: each test of the contract writes keys of its own.
describeStorageContract('S3Storage on s3rver', async () => new S3Storage(s3.client, s3.config.bucket));

/** The names of the S3 operations `client` sends, in order, from now on. */
function recordCommands(client: S3Client): string[] {
  const sent: string[] = [];
  client.middlewareStack.add(
    (next, context) => (args) => {
      sent.push(context.commandName ?? 'unknown');
      return next(args);
    },
    { step: 'initialize' },
  );
  return sent;
}

describe('S3Storage', () => {
  it('sends a large streamed file as a multipart upload and never completes one whose body broke off', async () => {
    const client = s3.newClient();
    const storage = new S3Storage(client, s3.config.bucket);
    const sent = recordCommands(client);
    await expect(storage.putStream('tasks/interrupted/audio.mp3', failingAfter(7 * 1024 * 1024))).rejects.toThrow(
      'the source broke off',
    );
    // The multipart path really ran (a part went up), yet nothing became visible.
    expect(sent).toContain('CreateMultipartUploadCommand');
    expect(sent).toContain('UploadPartCommand');
    expect(sent).not.toContain('CompleteMultipartUploadCommand');
    expect(await storage.stat('tasks/interrupted/audio.mp3')).toBeNull();
    await expect(storage.read('tasks/interrupted/audio.mp3')).rejects.toBeInstanceOf(MissingFileError);
    client.destroy();
  });

  it('reports itself unhealthy when its bucket does not exist', async () => {
    const storage = new S3Storage(s3.client, 'no-such-bucket');
    await expect(storage.isHealthy()).rejects.toThrow();
  });
});
