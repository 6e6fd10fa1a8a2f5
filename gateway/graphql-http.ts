import type { ApolloGateway } from '@apollo/gateway';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { VigilConfig } from '../lib/config';
import type { Principal } from '../lib/principal';
import type { RateLimits } from '../lib/rate-limits';
import { requestOrigin } from '../lib/request-origin';
import { graphqlPrincipal } from './authenticate';
import { useBatchLimits } from './batching';
import { useSupportedMediaTypes } from './body-limits';
import { useTokenLimit } from './cost-limits';
import { deferredDelivery } from './defer/delivery';
import type { GraphqlServers } from './graphql-servers';
import type { Subscriptions } from './subscriptions';
import type { TrustedDocuments } from './trusted-documents';

export interface GraphqlHttpOptions {
  rateLimits: RateLimits;
  /** The API key's check (gateway/authenticate.ts), shared with the REST routes. */
  authenticate: express.RequestHandler;
  trusted: TrustedDocuments;
  subscriptions: Pick<Subscriptions, 'sse' | 'multipart'>;
  /** The public graph's gateway: @defer splits documents over its schema. */
  gateway: ApolloGateway;
  servers: Pick<GraphqlServers, 'public' | 'execute'>;
}

/**
 * GraphQL over HTTP: SSE subscriptions on /graphql/stream, and on /graphql POST and GET queries and mutations,
 * Apollo's multipart subscriptions and @defer. Each behind the request limits: rate limits by address then by
 * key (lib/rate-limits.ts), the body read only after authentication (gateway/body-limits.ts), trusted
 * documents, batches and tokens counted before parsing (gateway/batching.ts, gateway/cost-limits.ts).
 */
export function graphqlHttpRoutes(config: Pick<VigilConfig, 'limits'>, options: GraphqlHttpOptions): express.Router {
  const { rateLimits, authenticate, subscriptions, servers } = options;
  const router = express.Router();
  router.use('/graphql/stream', rateLimits.byAddress, authenticate, rateLimits.byKey, subscriptions.sse);
  router.use(
    '/graphql',
    rateLimits.byAddress,
    authenticate,
    rateLimits.byKey,
    useSupportedMediaTypes(['application/json']),
    express.json({ limit: config.limits.body.jsonBytes }),
    options.trusted.middleware,
    useBatchLimits(config.limits.graphql, (apiKeyId) => rateLimits.admitKeyOperation(apiKeyId)),
    useTokenLimit(config.limits.graphql),
    subscriptions.multipart,
    // @defer in multipart/mixed parts (gateway/defer/delivery.ts): each part an operation of this same server.
    deferredDelivery(() => options.gateway.schema, config.limits.graphql, servers.execute),
    expressMiddleware(servers.public, {
      context: async ({ req, res }) => ({
        principal: graphqlPrincipal(res.locals.principal as Principal | null, req.method === 'GET' ? req.query : req.body),
        requestId: res.locals.requestId as string,
        origin: requestOrigin(req),
      }),
    }),
  );
  return router;
}
