import { createHash, randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * A file an export writes: to a temporary file, its length and MD5 computed on the way (the storage
 * needs both up front), so the whole file is never in memory. Writes wait for the disk
 * (backpressure): at most one batch is held.
 */
export class ExportFile {
  readonly path = path.join(os.tmpdir(), `vigil-export-${randomBytes(8).toString('hex')}`);
  private readonly out: WriteStream = createWriteStream(this.path);
  private readonly md5 = createHash('md5');
  length = 0;

  async write(chunk: string | Buffer): Promise<void> {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (!bytes.length) return;
    this.md5.update(bytes);
    this.length += bytes.length;
    // events.once removes its listeners when done (and rejects on 'error').
    if (!this.out.write(bytes)) await once(this.out, 'drain');
  }

  /** Closes the file: its length and base64 MD5 (S3's Content-MD5). */
  async finish(): Promise<{ length: number; md5: string }> {
    await new Promise<void>((resolve, reject) => this.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return { length: this.length, md5: this.md5.digest('base64') };
  }

  read() {
    return createReadStream(this.path);
  }

  async remove(): Promise<void> {
    this.out.destroy();
    await fs.rm(this.path, { force: true });
  }
}
