import type { Readable } from 'node:stream';

/**
 * Where attachment bytes live: one small interface, two backends (lib/storage/index.ts chooses).
 */
export interface StoredObject {
  length: number;
  /** Hex MD5 of the bytes (S3's ETag of a single PUT). */
  md5Hex: string;
}

export interface ExpectedContent {
  length: number;
  /** base64 of the MD5 digest, as S3's Content-MD5 takes it. */
  md5: string;
}

export interface UploadUrlOptions extends ExpectedContent {
  contentType: string;
  expiresInSeconds: number;
  /** Absolute base of Vigil's own links (VIGIL_PUBLIC_URL, else the request origin); local disk only. */
  base: string;
}

export interface DownloadUrlOptions {
  fileName: string;
  contentType: string;
  expiresInSeconds: number;
  base: string;
  /** The user the URL is signed for: local storage checks at each download that they may still read the file. */
  userId?: string;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores `body` under `key` only when its length and MD5 are the expected ones; else ContentMismatch and nothing stored. */
  put(key: string, body: Readable, expected: ExpectedContent, contentType?: string): Promise<void>;
  get(key: string): Promise<Readable>;
  head(key: string): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  uploadUrl(key: string, options: UploadUrlOptions): Promise<string>;
  downloadUrl(key: string, options: DownloadUrlOptions): Promise<string>;
}

/** The bytes received are not the ones declared (length or MD5): nothing was stored. */
export class ContentMismatch extends Error {
  constructor(
    readonly field: 'contentLength' | 'contentMD5',
    message: string,
  ) {
    super(message);
  }
}

/** `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266): an ASCII fallback and the exact name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
