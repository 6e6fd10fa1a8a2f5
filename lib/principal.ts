import { createHmac, timingSafeEqual } from 'node:crypto';

/** Who is calling: established by the gateway from the API key, trusted by subgraphs only when signed. */
export interface Principal {
  userId: string;
  apiKeyId: string;
  /**
   * organizationId → roles of the caller's live organizations, read with the key (one statement
   * instead of two per request); absent when the user belongs to more than MAX_CARRIED_MEMBERSHIPS
   * organizations (the signed header stays small), and the policy then reads them itself.
   */
  memberships?: Record<string, string[]>;
}

export const MAX_CARRIED_MEMBERSHIPS = 50;

export const PRINCIPAL_HEADER = 'x-vigil-principal';
export const SIGNATURE_HEADER = 'x-vigil-signature';
export const REQUEST_ID_HEADER = 'x-request-id';
const MAX_AGE_MS = 5 * 60_000;

function mac(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

/** Header values for a call from the gateway to a subgraph; `principal` null = anonymous. */
export function signPrincipal(secret: string, principal: Principal | null, now = Date.now()): Record<string, string> {
  const payload = Buffer.from(JSON.stringify({ p: principal, t: now })).toString('base64url');
  return { [PRINCIPAL_HEADER]: payload, [SIGNATURE_HEADER]: mac(secret, payload) };
}

export type VerifyResult = { ok: true; principal: Principal | null } | { ok: false; reason: string };

export function verifyPrincipal(
  secret: string,
  payload: string | undefined,
  signature: string | undefined,
  now = Date.now(),
): VerifyResult {
  if (!payload || !signature) return { ok: false, reason: 'unsigned call' };
  const expected = Buffer.from(mac(secret, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  let decoded: { p: Principal | null; t: number };
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed principal' };
  }
  if (typeof decoded.t !== 'number' || Math.abs(now - decoded.t) > MAX_AGE_MS) return { ok: false, reason: 'expired signature' };
  return { ok: true, principal: decoded.p };
}
