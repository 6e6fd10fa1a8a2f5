import type { ApolloServerPlugin } from '@apollo/server';
import type express from 'express';
import { logUnexpectedError } from '../lib/error-log';
import { isDependencyUnreachable, SERVICE_UNAVAILABLE_MESSAGE } from '../lib/errors';
import { refuse } from '../lib/refuse';
import type { GatewayContext } from './gateway';

/**
 * The gateway's errors no code explains, reported once each through lib/error-log.ts (the one
 * reporter, as the subgraph servers use it): GraphQL errors masked as INTERNAL_SERVER_ERROR
 * (lib/graphql-errors.ts) and whatever reaches the app's error handler.
 */
export function logInternalErrors(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ contextValue, errors }) {
          for (const error of errors) {
            const code = error.extensions?.code;
            // A subgraph refusing connections is a dependency away (the client got 503), not an internal error.
            if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) logUnexpectedError('gateway', contextValue.requestId, error.originalError ?? error);
          }
        },
      };
    },
  };
}

/**
 * The app's last error handler: a malformed path or body is the client's 400; anything else is
 * reported, then answered 503 (a dependency away) or 500 with the request id, in the shape of the
 * endpoint asked (lib/refuse.ts).
 */
export function answerErrors(): express.ErrorRequestHandler {
  return (error: Error & { status?: number; type?: string }, req, res, _next) => {
    // express's router: a path segment that is not valid percent-encoding (URIError, status 400).
    if (error instanceof URIError) return refuse(req, res, 'BAD_REQUEST', `path: ${error.message}`);
    // body-parser in strict mode refuses a JSON body that is not an object or array ("null", "1", "\"x\"").
    if (error.type === 'entity.parse.failed' && /^\s*[^\s[{]/.test(String((error as { body?: unknown }).body ?? ''))) {
      return refuse(req, res, 'BAD_REQUEST', 'body: must be a JSON object');
    }
    if (error.type === 'entity.parse.failed' || error.status === 400) return refuse(req, res, 'BAD_REQUEST', `body: ${error.message}`);
    logUnexpectedError('gateway', res.locals.requestId, error);
    if (isDependencyUnreachable(error)) return refuse(req, res, 'SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE);
    refuse(req, res, 'INTERNAL_SERVER_ERROR', `Internal server error (request id ${res.locals.requestId})`);
  };
}
