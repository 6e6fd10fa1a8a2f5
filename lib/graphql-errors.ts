import type { GraphQLFormattedError } from 'graphql';
import { isDependencyUnreachable, isErrorCode, SERVICE_UNAVAILABLE_MESSAGE, VigilError } from './errors';

/**
 * The standard codes of a request the client got wrong before anything ran, kept as Apollo's clients
 * and tools expect them: the document does not parse (GRAPHQL_PARSE_FAILED) or does not validate
 * against the schema (GRAPHQL_VALIDATION_FAILED), the variables do not coerce (BAD_USER_INPUT), the
 * operation to run cannot be told (OPERATION_RESOLUTION_FAILURE), an automatic persisted query is not
 * known or not supported (PERSISTED_QUERY_NOT_FOUND, message "PersistedQueryNotFound", which APQ
 * clients look for). Vigil's own input checks in resolvers stay BAD_REQUEST with `field`.
 */
export const REQUEST_ERROR_CODES: ReadonlySet<string> = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'OPERATION_RESOLUTION_FAILURE',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
]);

/** Known errors keep their code; anything else is masked (and logged by `logInternalErrors`). */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  const code = formatted.extensions?.code;
  if (typeof code === 'string' && REQUEST_ERROR_CODES.has(code)) {
    // A variable a scalar refused (a bad DateTime) keeps the variable's code, with the scalar's field.
    const field =
      original instanceof VigilError && original.field ? { field: original.field } : formatted.extensions?.field ? { field: formatted.extensions.field } : {};
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code, ...field } };
  }
  if (original instanceof VigilError) {
    return { message: original.message, path: formatted.path, extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) } };
  }
  if (isErrorCode(code))
    return {
      message: formatted.message,
      path: formatted.path,
      extensions: { code, ...(formatted.extensions?.field ? { field: formatted.extensions.field } : {}) },
    };
  // Apollo's own refusals of a malformed request without a code (a persisted query whose hash does not
  // match its text) carry their HTTP 400: the client's mistake, said as such.
  const status = (error as { extensions?: { http?: { status?: unknown } } })?.extensions?.http?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) return { message: formatted.message, extensions: { code: 'BAD_REQUEST' } };
  // The database or a remote subgraph is away: the client may retry (the gateway answers 503 and
  // Retry-After); the address or driver message behind it is not the client's to see.
  if (isDependencyUnreachable(original)) return { message: SERVICE_UNAVAILABLE_MESSAGE, path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
}
