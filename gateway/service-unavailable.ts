import type { ApolloServerPlugin } from '@apollo/server';
import type express from 'express';
import { RETRY_AFTER_SECONDS, restErrorBody, SERVICE_UNAVAILABLE_MESSAGE } from '../lib/errors';

/**
 * While the database or a remote subgraph is away, a GraphQL answer carrying a SERVICE_UNAVAILABLE
 * error is sent as HTTP 503 with Retry-After, so clients and load balancers back off and retry
 * instead of treating it as a server bug.
 */
export function serviceUnavailableStatus(): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ response }) {
          if (response.body.kind !== 'single') return;
          if (!response.body.singleResult.errors?.some((e) => e.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
          response.http.status = 503;
          response.http.headers.set('retry-after', String(RETRY_AFTER_SECONDS));
        },
      };
    },
  };
}

/** The 503 for a failure outside GraphQL execution (e.g. the database gone while authenticating). */
export function sendServiceUnavailable(req: express.Request, res: express.Response): void {
  res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS));
  if (req.originalUrl.startsWith('/graphql')) res.json({ errors: [{ message: SERVICE_UNAVAILABLE_MESSAGE, extensions: { code: 'SERVICE_UNAVAILABLE' } }] });
  else res.json(restErrorBody('SERVICE_UNAVAILABLE', SERVICE_UNAVAILABLE_MESSAGE));
}
