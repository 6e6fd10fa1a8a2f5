import type { GraphQLFormattedError } from 'graphql';
import { SERVICE_UNAVAILABLE_MESSAGE, VigilError, isDependencyUnreachable, isErrorCode } from './errors';

/**
 * Apollo's own codes for a request the client got wrong; clients see them as BAD_REQUEST with Apollo's
 * message (APQ clients look for the message "PersistedQueryNotFound").
 */
const CLIENT_ERROR_CODES = new Set([
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** Known errors keep their code; anything else is masked (and logged by `logInternalErrors`). */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  if (original instanceof VigilError) {
    return { message: original.message, path: formatted.path, extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) } };
  }
  const code = formatted.extensions?.code;
  if (isErrorCode(code)) return { message: formatted.message, path: formatted.path, extensions: { code, ...(formatted.extensions?.field ? { field: formatted.extensions.field } : {}) } };
  if (typeof code === 'string' && CLIENT_ERROR_CODES.has(code)) {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_REQUEST' } };
  }
  // The database or a remote subgraph is away: the client may retry (the gateway answers 503 and
  // Retry-After); the address or driver message behind it is not the client's to see.
  if (isDependencyUnreachable(original)) return { message: SERVICE_UNAVAILABLE_MESSAGE, path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
