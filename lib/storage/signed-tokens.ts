import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The capability in a local-disk storage URL: what may be done (`put` with the declared length and
 * MD5, or `get` with the file name and type to answer with), to which key, until when — HMAC-SHA256
 * signed with a key derived from VIGIL_SECRET. Whoever holds the URL may do exactly that, so the
 * storage endpoints take no API key (like an S3 presigned URL).
 */
export interface StorageGrant {
  op: 'put' | 'get';
  key: string;
  /** Unix seconds. */
  exp: number;
  length?: number;
  md5?: string;
  contentType?: string;
  fileName?: string;
  /** `get`: the user it was signed for; the download is refused once they may no longer read the file. */
  user?: string;
}

const signingKey = (secret: string) => createHmac('sha256', secret).update('vigil:storage-url').digest();

export function signGrant(secret: string, grant: StorageGrant): string {
  const body = Buffer.from(JSON.stringify(grant)).toString('base64url');
  const mac = createHmac('sha256', signingKey(secret)).update(body).digest('base64url');
  return `${body}.${mac}`;
}

/** The grant of a token signed by this deployment and not expired; else the reason. */
export function openGrant(secret: string, token: string, now = Date.now()): { ok: true; grant: StorageGrant } | { ok: false; reason: string } {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return { ok: false, reason: 'malformed token' };
  const expected = createHmac('sha256', signingKey(secret)).update(body).digest();
  const given = Buffer.from(mac, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  let grant: StorageGrant;
  try {
    grant = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StorageGrant;
  } catch {
    return { ok: false, reason: 'malformed token' };
  }
  if (typeof grant.exp !== 'number' || grant.exp * 1000 < now) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}
