import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { DownloadUrlOptions, ExpectedContent, ObjectStorage, StoredObject, UploadUrlOptions } from './object-storage';
import { ContentMismatch, contentDisposition } from './object-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** S3_ENDPOINT: an S3-compatible store (MinIO, s3rver …); unset = AWS. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Any S3-compatible store. Upload URLs are presigned PUTs with Content-MD5, Content-Length and
 * Content-Type among the signed headers, so the store refuses other bytes (S3 answers BadDigest).
 * Some S3-compatible servers do not check Content-MD5 (s3rver 3.7, used by the tests, does not), so
 * the caller also verifies a stored object against its declaration (head(): ETag = hex MD5 for a
 * single PUT) before trusting it, and deletes it on a mismatch.
 */
export class S3Storage implements ObjectStorage {
  readonly kind = 's3' as const;
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
      // The SDK's default CRC32 checksums would be added to presigned URLs a plain client cannot match.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, expected: ExpectedContent, contentType = 'application/octet-stream'): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentLength: expected.length,
        ContentMD5: expected.md5,
        ContentType: contentType,
      }),
    );
    const stored = await this.head(key);
    if (!stored || stored.length !== expected.length || Buffer.from(stored.md5Hex, 'hex').toString('base64') !== expected.md5) {
      await this.delete(key);
      throw new ContentMismatch(
        stored?.length !== expected.length ? 'contentLength' : 'contentMD5',
        'the stored object does not match its declared length and MD5',
      );
    }
  }

  async get(key: string): Promise<Readable> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
    return answer.Body as Readable;
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const answer = await this.client.send(new HeadObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { length: Number(answer.ContentLength ?? 0), md5Hex: (answer.ETag ?? '').replace(/"/g, '') };
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (error as Error).name === 'NotFound' || (error as Error).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: key }));
  }

  async uploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    const command = new PutObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ContentLength: options.length,
      ContentMD5: options.md5,
      ContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, {
      expiresIn: options.expiresInSeconds,
      signableHeaders: new Set(['content-md5', 'content-length', 'content-type']),
    });
  }

  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.settings.bucket,
      Key: key,
      ResponseContentType: options.contentType,
      ResponseContentDisposition: contentDisposition(options.fileName),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }
}
