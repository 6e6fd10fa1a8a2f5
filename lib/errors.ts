import { GraphQLError } from 'graphql';

/**
 * The codes a client can see; every failure we mean to report is one of these. TOO_MANY_REQUESTS: a
 * rate limit (lib/rate-limits.ts); retry after `Retry-After`. SERVICE_UNAVAILABLE: a dependency (the
 * database, a remote subgraph) cannot be reached right now; retry later. CURSOR_EXPIRED: a cursor (`after`) positioned before
 * what retention has purged from the event log (lib/retention.ts): continuing from it would skip entries; read from the start again.
 */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_REQUEST'
  | 'CONFLICT'
  | 'CURSOR_EXPIRED'
  | 'TOO_MANY_REQUESTS'
  | 'SERVICE_UNAVAILABLE';

/**
 * Refusals of the HTTP request itself, before any operation runs: its body (too large, a media type
 * or charset not read here), a route this deployment cannot serve, or what node:http refuses before
 * routing (headers too large, too slow: lib/client-errors.ts). A GraphQL client reads the body's as
 * BAD_REQUEST (`graphqlCode`), the codes GraphQL clients know (docs/security.md).
 */
export type HttpRefusalCode = 'REQUEST_TIMEOUT' | 'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE' | 'REQUEST_HEADER_FIELDS_TOO_LARGE' | 'NOT_IMPLEMENTED';

/** Every code's HTTP status and REST `error` name (lib/refuse.ts answers with them); GraphQL's code when it is another. */
export const HTTP_STATUS: Record<ErrorCode | HttpRefusalCode | 'INTERNAL_SERVER_ERROR', { status: number; error: string; graphqlCode?: ErrorCode }> = {
  BAD_REQUEST: { status: 400, error: 'BadRequest' },
  UNAUTHENTICATED: { status: 401, error: 'Unauthorized' },
  FORBIDDEN: { status: 403, error: 'Forbidden' },
  NOT_FOUND: { status: 404, error: 'NotFound' },
  REQUEST_TIMEOUT: { status: 408, error: 'RequestTimeout' },
  CONFLICT: { status: 409, error: 'Conflict' },
  CURSOR_EXPIRED: { status: 410, error: 'CursorExpired' },
  PAYLOAD_TOO_LARGE: { status: 413, error: 'PayloadTooLarge', graphqlCode: 'BAD_REQUEST' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, error: 'UnsupportedMediaType', graphqlCode: 'BAD_REQUEST' },
  TOO_MANY_REQUESTS: { status: 429, error: 'TooManyRequests' },
  REQUEST_HEADER_FIELDS_TOO_LARGE: { status: 431, error: 'RequestHeaderFieldsTooLarge' },
  INTERNAL_SERVER_ERROR: { status: 500, error: 'InternalServerError' },
  NOT_IMPLEMENTED: { status: 501, error: 'NotImplemented' },
  SERVICE_UNAVAILABLE: { status: 503, error: 'ServiceUnavailable' },
};

/** Seconds a client is told to wait (`Retry-After`) before retrying a SERVICE_UNAVAILABLE answer. */
export const RETRY_AFTER_SECONDS = 5;

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable; retry later';

export class VigilError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The input field at fault, for BAD_REQUEST. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'VigilError';
  }

  toGraphQLError(): GraphQLError {
    return new GraphQLError(this.message, {
      extensions: { code: this.code, ...(this.field ? { field: this.field } : {}) },
    });
  }
}

export const badRequest = (message: string, field?: string) => new VigilError('BAD_REQUEST', message, field);
export const notFound = (what: string) => new VigilError('NOT_FOUND', `${what} not found`);
export const forbidden = (message = 'You do not have permission to do this') => new VigilError('FORBIDDEN', message);
export const conflict = (message: string) => new VigilError('CONFLICT', message);
export const serviceUnavailable = (message = SERVICE_UNAVAILABLE_MESSAGE) => new VigilError('SERVICE_UNAVAILABLE', message);
export const unauthenticated = (message = 'A valid API key is required: Authorization: Bearer <key>') => new VigilError('UNAUTHENTICATED', message);

const ERROR_CODES: ReadonlySet<string> = new Set<ErrorCode>([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_REQUEST',
  'CONFLICT',
  'CURSOR_EXPIRED',
  'TOO_MANY_REQUESTS',
  'SERVICE_UNAVAILABLE',
]);

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && ERROR_CODES.has(code);
}

// Socket-level failures (Node), and PostgreSQL's "connection" (08) class, shutdown (57P01-57P03)
// and too-many-connections (53300) states: the dependency is away, not the request at fault.
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // statement_timeout (VIGIL_DATABASE_STATEMENT_TIMEOUT_MS): the database did not answer in time.
  '57014',
  // Prisma's own codes for the same: can't reach the server (P1001), reached but timed out (P1002), the server
  // closed the connection (P1017: what its pg adapter reports for a pooled connection destroyed after a query
  // timeout — bench:faults' silent database answered 500s with it), no connection from the pool in time (P2024).
  'P1001',
  'P1002',
  'P1017',
  'P2024',
]);
// What pg and Prisma's pg adapter say when a connection drops or cannot be had (or, Prisma, a
// transaction waited its maxWait for one: the database is saturated), without a code.
const UNREACHABLE_MESSAGES = new RegExp(
  [
    'Connection terminated',
    'Unable to start a transaction in the given time',
    'timeout exceeded when trying to connect',
    // pg's own connect timeout (VIGIL_DATABASE_CONNECT_TIMEOUT_MS): a new connection to a silent database (bench:faults: 500s).
    'timeout expired',
    'Client has encountered a connection error',
    'Connection is closed',
    "Can't reach database server",
    'fetch failed',
    'socket hang up',
    'canceling statement due to statement timeout',
    // pg's client-side query_timeout (VIGIL_DATABASE_QUERY_TIMEOUT_MS): no answer came, the database is silent.
    'Query read timeout',
    // The liveness probe found the database silent (lib/db-liveness.ts): statements fail at once until it answers.
    'Database silent',
    'Server has closed the connection',
  ].join('|'),
  'i',
);

/**
 * Whether `error` (or what it wraps: `cause`, `originalError`, graphql-js's `thrownValue`) says a
 * dependency could not be reached: the answer is then SERVICE_UNAVAILABLE, never a 500.
 */
export function isDependencyUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 6) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; originalError?: unknown; thrownValue?: unknown; extensions?: { code?: unknown } };
  if (e.extensions?.code === 'SERVICE_UNAVAILABLE') return true;
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  // graphql-js wraps a thrown non-Error (a driver rejecting with a bare `{ code: 'ECONNREFUSED', … }`)
  // as NonErrorThrown, keeping it as `thrownValue`.
  return (
    isDependencyUnreachable(e.cause, depth + 1) || isDependencyUnreachable(e.originalError, depth + 1) || isDependencyUnreachable(e.thrownValue, depth + 1)
  );
}
