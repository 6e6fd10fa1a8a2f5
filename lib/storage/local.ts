import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ContentMismatch, type DownloadUrlOptions, type ExpectedContent, type ObjectStorage, type StoredObject, type UploadUrlOptions } from './object-storage';
import { signGrant } from './signed-tokens';

const KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

/**
 * Local disk under `<data dir>/attachments`. A file appears under its key only complete and
 * verified: bytes stream to a temporary file while their length and MD5 are computed (a body
 * longer than declared is cut off at the first extra byte), and only a match is renamed into place
 * (rename is atomic on one file system), so a reader never sees half a file.
 */
export class LocalDiskStorage implements ObjectStorage {
  readonly kind = 'local' as const;

  constructor(
    readonly root: string,
    private readonly secret: string,
  ) {}

  private pathOf(key: string): string {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable, expected: ExpectedContent): Promise<void> {
    const target = this.pathOf(key);
    const tmpDir = path.join(this.root, '.tmp');
    await fs.mkdir(tmpDir, { recursive: true });
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = path.join(tmpDir, `${randomBytes(12).toString('hex')}.part`);
    const md5 = createHash('md5');
    let length = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        length += chunk.length;
        if (length > expected.length) return done(new ContentMismatch('contentLength', `the body is longer than contentLength (${expected.length} bytes)`));
        md5.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(body, measure, createWriteStream(tmp));
      if (length !== expected.length) throw new ContentMismatch('contentLength', `the body has ${length} bytes, contentLength says ${expected.length}`);
      const digest = md5.digest('base64');
      if (digest !== expected.md5) throw new ContentMismatch('contentMD5', `the body's MD5 is ${digest}, contentMD5 says ${expected.md5}`);
      await fs.rename(tmp, target);
    } catch (error) {
      await fs.rm(tmp, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    await fs.access(file);
    return createReadStream(file);
  }

  async head(key: string): Promise<StoredObject | null> {
    const file = this.pathOf(key);
    const stat = await fs.stat(file).catch(() => null);
    if (!stat) return null;
    const md5 = createHash('md5');
    await pipeline(createReadStream(file), md5);
    return { length: stat.size, md5Hex: md5.digest('hex') };
  }

  async delete(key: string): Promise<void> {
    await fs.rm(this.pathOf(key), { force: true });
  }

  async uploadUrl(key: string, options: UploadUrlOptions): Promise<string> {
    const token = signGrant(this.secret, {
      op: 'put',
      key,
      exp: Math.floor(Date.now() / 1000) + options.expiresInSeconds,
      length: options.length,
      md5: options.md5,
      contentType: options.contentType,
    });
    return `${options.base}/storage/${token}`;
  }

  async downloadUrl(key: string, options: DownloadUrlOptions): Promise<string> {
    const token = signGrant(this.secret, {
      op: 'get',
      key,
      exp: Math.floor(Date.now() / 1000) + options.expiresInSeconds,
      fileName: options.fileName,
      contentType: options.contentType,
      ...(options.userId ? { user: options.userId } : {}),
    });
    return `${options.base}/storage/${token}`;
  }
}
