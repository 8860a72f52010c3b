import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';

export interface BucketObject {
  key: string;
  size: number;
  etag: string;
}

/** Every object of the bucket, a thousand per request, in key order. */
export async function listBucket(client: S3Client, bucket: string): Promise<BucketObject[]> {
  const objects: BucketObject[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, ...(token ? { ContinuationToken: token } : {}) }),
    );
    for (const object of page.Contents ?? []) {
      if (object.Key) objects.push({ key: object.Key, size: object.Size ?? 0, etag: object.ETag ?? '' });
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
