import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { cleanOrigin } from './request-origin';

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
  /**
   * Only trusted documents run with this key (gateway/trusted-documents.ts): set on the key, or on an
   * organization its user is a member of; absent otherwise.
   */
  trustedDocumentsOnly?: true;
}

export const MAX_CARRIED_MEMBERSHIPS = 50;

export const PRINCIPAL_HEADER = 'x-vigil-principal';
export const SIGNATURE_HEADER = 'x-vigil-signature';
export const REQUEST_ID_HEADER = 'x-request-id';
const MAX_AGE_MS = 5 * 60_000;

/**
 * What a signature is for. Each purpose signs with its own key derived from the instance secret, so
 * a signature made for one (a gateway→subgraph call, seen by anyone on that hop) is worthless for
 * another (an internal command).
 */
export type SignaturePurpose = 'subgraph-call' | 'internal-command';

const purposeKeys = new Map<string, Buffer>();

function purposeKey(secret: string, purpose: SignaturePurpose): Buffer {
  const cacheKey = `${purpose}\0${secret}`;
  let key = purposeKeys.get(cacheKey);
  if (!key) {
    key = createHmac('sha256', secret).update(`vigil signing key: ${purpose}`).digest();
    if (purposeKeys.size > 64) purposeKeys.clear();
    purposeKeys.set(cacheKey, key);
  }
  return key;
}

function mac(secret: string, purpose: SignaturePurpose, payload: string): string {
  return createHmac('sha256', purposeKey(secret, purpose)).update(payload).digest('hex');
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

/** What a signature is bound to: one method, one path, one body; a captured header fits no other request. */
export interface SignedRequest {
  method: string;
  path: string;
  /** The body's bytes, or for a subgraph call its operation (`subgraphCallBody`). */
  body: string | Buffer;
}

/**
 * The signed form of a subgraph call's body: the operation and its variables. The gateway signs it
 * before the data source serializes the request; the subgraph re-serializes what it parsed, which
 * gives the same text (JSON.stringify of parsed JSON keeps key order and number forms).
 */
export function subgraphCallBody(operation: { query?: unknown; variables?: unknown }): string {
  return `${typeof operation.query === 'string' ? operation.query : ''}\n${JSON.stringify(operation.variables ?? null)}`;
}

interface SignedPayload {
  p: Principal | null;
  t: number;
  /** `METHOD path sha256(body)` */
  r: string;
  /** Where the client reached the gateway (`http(s)://host[:port]`): subgraphs build links under it. */
  o?: unknown;
}

const requestLine = (request: SignedRequest) => `${request.method.toUpperCase()} ${request.path} ${sha256(request.body)}`;

function sign(
  secret: string,
  purpose: SignaturePurpose,
  principal: Principal | null,
  request: SignedRequest,
  now: number,
  origin?: string,
): Record<string, string> {
  const payload = Buffer.from(
    JSON.stringify({ p: principal, t: now, r: requestLine(request), ...(origin ? { o: origin } : {}) } satisfies SignedPayload),
  ).toString('base64url');
  return { [PRINCIPAL_HEADER]: payload, [SIGNATURE_HEADER]: mac(secret, purpose, payload) };
}

/**
 * Header values for a call from the gateway to a subgraph's `/graphql`; `principal` null = anonymous.
 * `origin` (`http(s)://host[:port]`, lib/request-origin.ts) is where the client reached the gateway:
 * the subgraphs build the links of their answers under it when VIGIL_PUBLIC_URL is unset.
 */
export function signPrincipal(
  secret: string,
  principal: Principal | null,
  operation: { query?: unknown; variables?: unknown },
  now = Date.now(),
  origin?: string,
): Record<string, string> {
  return sign(secret, 'subgraph-call', principal, { method: 'POST', path: '/graphql', body: subgraphCallBody(operation) }, now, origin);
}

/** Header values for `POST /internal/commands/<name>` with exactly `body` (cli/vigil.ts). */
export function signInternalCommand(secret: string, name: string, body: string, now = Date.now()): Record<string, string> {
  return sign(secret, 'internal-command', null, { method: 'POST', path: `/internal/commands/${name}`, body }, now);
}

export type VerifyResult = { ok: true; principal: Principal | null; origin?: string } | { ok: false; reason: string };

export function verifySignature(
  secret: string,
  purpose: SignaturePurpose,
  headers: { payload: string | undefined; signature: string | undefined },
  request: SignedRequest,
  now = Date.now(),
): VerifyResult {
  const { payload, signature } = headers;
  if (!payload || !signature) return { ok: false, reason: 'unsigned call' };
  const expected = Buffer.from(mac(secret, purpose, payload), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'bad signature' };
  let decoded: SignedPayload;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'malformed principal' };
  }
  if (typeof decoded.t !== 'number' || Math.abs(now - decoded.t) > MAX_AGE_MS) return { ok: false, reason: 'expired signature' };
  if (decoded.r !== requestLine(request)) return { ok: false, reason: 'signature made for another request' };
  // Signed, so it is the gateway's; checked again all the same, since it ends up in links.
  return { ok: true, principal: decoded.p, origin: cleanOrigin(decoded.o) };
}

/** A subgraph's check of the gateway's header, for the operation it received. */
export function verifyPrincipal(
  secret: string,
  payload: string | undefined,
  signature: string | undefined,
  operation: { query?: unknown; variables?: unknown },
  now = Date.now(),
): VerifyResult {
  return verifySignature(secret, 'subgraph-call', { payload, signature }, { method: 'POST', path: '/graphql', body: subgraphCallBody(operation) }, now);
}
