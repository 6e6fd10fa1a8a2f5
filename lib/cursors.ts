import { createCipheriv, createDecipheriv, createHmac, createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';
import { badRequest } from './errors';

/**
 * Every cursor Vigil hands out (alert lists, grouped lists, history, the event log) is sealed:
 * AES-256-GCM of the list position under a key derived from the instance secret, so a client can
 * neither read it (a keyset position may hold a value the caller is not shown) nor forge or alter it.
 *
 * A cursor is bound to its `scope` (authenticated, not stored in it): the list it came from and who
 * asked — e.g. `['followingAlerts', <organizationId>]`. A cursor used with another list or
 * organization, a member's cursor replayed by a follower (another list), and any
 * tampered, truncated, re-encoded or random string fail to open: 400 naming the `cursor` field.
 * Cursors stay valid across restarts (and across processes) sharing the secret, as the persisted
 * history iterators of the SDKs need.
 *
 * Sealing is deterministic (a synthetic IV, as in SIV: an HMAC of scope and position under a second
 * derived key), so the same record of the same list always has the same cursor — clients compare
 * and deduplicate them — and a nonce can repeat only for the very same plaintext. Cost, measured
 * as CPU time on the 2-core test machine under load: ~10 µs to seal, ~7 µs to open (a history page
 * of 1,000 records, each with its cursor, spends ~10 ms sealing); an alert list cursor is 160
 * characters, a history cursor 60.
 */

/**
 * Cursors longer than this are refused before any work. Most are 60–160 characters, but a member's
 * list by resource holds a resource (up to 2,048 characters, JSON-escaped, base64: ~16,000 at worst).
 */
const MAX_CURSOR_LENGTH = 32_768;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const keys = new Map<string, { cipher: KeyObject; iv: KeyObject }>();

function cursorKeys(secret: string): { cipher: KeyObject; iv: KeyObject } {
  let derived = keys.get(secret);
  if (!derived) {
    // Purpose-specific: the keys that sign principals or encrypt credentials never seal cursors.
    derived = {
      cipher: createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'vigil', 'vigil-cursor-v1', 32))),
      iv: createSecretKey(Buffer.from(hkdfSync('sha256', secret, 'vigil', 'vigil-cursor-v1/iv', 32))),
    };
    keys.set(secret, derived);
  }
  return derived;
}

export interface CursorCodec {
  /** The opaque cursor for a list position (JSON-serializable parts). */
  seal(parts: readonly unknown[]): string;
  /** The parts of a cursor this codec sealed; anything else is a 400 naming `field`. */
  open(cursor: string, field?: string): unknown[];
}

export function cursorCodec(secret: string, scope: readonly string[]): CursorCodec {
  const aad = Buffer.from(JSON.stringify(scope));
  return {
    seal(parts) {
      const keys = cursorKeys(secret);
      const plaintext = Buffer.from(JSON.stringify(parts), 'utf8');
      const iv = createHmac('sha256', keys.iv).update(aad).update('\0').update(plaintext).digest().subarray(0, IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keys.cipher, iv);
      cipher.setAAD(aad);
      const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
    },
    open(cursor, field = 'cursor') {
      const refused = () => badRequest(`${field} is not a cursor this list returned`, field);
      if (cursor.length > MAX_CURSOR_LENGTH || !BASE64URL.test(cursor)) throw refused();
      const bytes = Buffer.from(cursor, 'base64url');
      // Re-encoded forms (trailing bits, other alphabets) decode to the same bytes: only the canonical text is ours.
      if (bytes.length <= IV_BYTES + TAG_BYTES || bytes.toString('base64url') !== cursor) throw refused();
      let parsed: unknown;
      try {
        const decipher = createDecipheriv('aes-256-gcm', cursorKeys(secret).cipher, bytes.subarray(0, IV_BYTES));
        decipher.setAAD(aad);
        decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        parsed = JSON.parse(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'));
      } catch {
        throw refused();
      }
      if (!Array.isArray(parsed)) throw refused();
      return parsed;
    },
  };
}
