import type { ApolloServerPlugin } from '@apollo/server';
import { RETRY_AFTER_SECONDS } from '../lib/errors';

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
