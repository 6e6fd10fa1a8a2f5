import path from 'node:path';
import { LocalDiskStorage } from './local';
import type { ObjectStorage } from './object-storage';
import type { S3Settings, S3Storage } from './s3';

export * from './object-storage';

/**
 * Where attachment bytes live: one small interface, two backends. Local disk under the data
 * directory by default (uploads and downloads go through Vigil's own `/storage/<token>` endpoints,
 * the signed token being the capability); any S3-compatible store when S3_BUCKET is set (presigned
 * URLs straight to the store, Content-MD5 and Content-Length signed so the store enforces them).
 */
export interface StorageSettings {
  dataDir: string;
  secret: string;
  s3?: S3Settings;
}

export function createStorage(settings: StorageSettings): ObjectStorage {
  if (settings.s3) {
    // The AWS SDK (0.5 s of a profiled start at load 6) is loaded only when attachments go to S3.
    const { S3Storage: S3 } = require('./s3') as typeof import('./s3');
    return new S3(settings.s3);
  }
  return new LocalDiskStorage(path.join(settings.dataDir, 'attachments'), settings.secret);
}

export { LocalDiskStorage, type S3Settings, type S3Storage };
