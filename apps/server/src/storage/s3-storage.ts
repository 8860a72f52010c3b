import { Readable, Transform } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3StorageConfig } from '../config.js';
import {
  assertValidKey,
  type ByteRange,
  type DownloadHeaders,
  type FileStorage,
  MissingFileError,
  type StoredFile,
} from './file-storage.js';

/** The smallest part S3 accepts (except the last); also the unit a streamed put holds in memory. */
const PART_SIZE = 5 * 1024 * 1024;
/** Parts in flight at once: a streamed put holds about PART_SIZE × (this + 1) bytes, one part filling. */
const PARTS_IN_FLIGHT = 2;

/**
 * A client for the configured bucket. Credentials are left to the SDK's own chain (AWS_* variables,
 * a profile, an instance role), so no secret passes through the product's config.
 */
export function createS3Client(config: S3StorageConfig): S3Client {
  return new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
  });
}

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.$metadata.httpStatusCode === 404 || error.name === 'NoSuchKey' || error.name === 'NotFound');

/**
 * Files as objects in one bucket of S3 or an S3-compatible service, under the same keys as on
 * local disk. S3 makes every PUT and completed multipart upload atomic, which gives the
 * all-or-nothing writes the FileStorage contract asks for.
 */
export class S3Storage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** Seconds a presigned download address lives; null serves files through the API instead. */
    private readonly presignSeconds: number | null = null,
  ) {}

  /** A presigned GET that sets the response's type and disposition, as the API itself would. */
  async downloadUrl(key: string, headers: DownloadHeaders): Promise<string | null> {
    if (this.presignSeconds === null) return null;
    assertValidKey(key);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentType: headers.contentType,
      ...(headers.contentDisposition ? { ResponseContentDisposition: headers.contentDisposition } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: this.presignSeconds });
  }

  async put(key: string, data: Buffer): Promise<StoredFile> {
    assertValidKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: data, ContentLength: data.length }),
    );
    return { key, size: data.length };
  }

  /**
   * A multipart upload of PART_SIZE parts, so memory stays bounded whatever the file's size. When
   * the body fails half-way, the upload is never completed (and lib-storage aborts it), so no object
   * appears; a bucket lifecycle rule clears parts an abort could not (docs/operations.md).
   */
  async putStream(key: string, body: Readable): Promise<StoredFile> {
    assertValidKey(key);
    let size = 0;
    const counted = body.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      }),
    );
    // pipe() does not pass errors on; the upload must see the body's failure to abandon itself.
    let bodyError: unknown = null;
    body.once('error', (error) => {
      bodyError = error;
      counted.destroy(error);
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counted },
      partSize: PART_SIZE,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      // A failed upload stops reading; the body must not keep its file or socket open.
      body.destroy();
      // The cause is the body's failure, not a failed clean-up (some services refuse to abort uploads).
      throw bodyError ?? error;
    }
    return { key, size };
  }

  async stat(key: string): Promise<StoredFile | null> {
    assertValidKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertValidKey(key);
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the SDK answers with the HTTP response itself, a Readable; anything else is a bug.
      if (!(object.Body instanceof Readable)) throw new Error(`S3 gave no readable body for ${key}`);
      return object.Body;
    } catch (error) {
      if (isNotFound(error)) throw new MissingFileError(key);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async isHealthy(): Promise<boolean> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    return true;
  }
}
