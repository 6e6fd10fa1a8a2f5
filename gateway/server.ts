// Before @apollo/server: what it loads for features Vigil leaves off waits until used.
import '../lib/apollo-internals/deferred-modules';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { GraphQLDataSource } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import type { ExecutionResult } from 'graphql';
import { createHttpTerminator } from 'http-terminator';
import { accessLog } from '../lib/access-log';
import { answerClientErrors } from '../lib/client-errors';
import type { SubgraphName, VigilConfig } from '../lib/config';
import type { Database } from '../lib/db';
import { formatError } from '../lib/graphql-errors';
import { httpServerOptions, listen } from '../lib/http-server';
import { log } from '../lib/log';
import { observeProcess } from '../lib/metrics';
import type { Principal } from '../lib/principal';
import { createRateLimits, rateLimitSettings } from '../lib/rate-limits';
import { requestOrigin } from '../lib/request-origin';
import type { ObjectStorage } from '../lib/storage';
import { localStorageRoutes } from '../lib/storage/http';
import type { StreamHub } from '../lib/subscriptions/hub';
import { apiDocs, openApiRoute } from './api-docs';
import { graphqlPrincipal, requireApiKey, useAuthentication } from './authenticate';
import { useBatchLimits } from './batching';
import { type AuthorizeFindingsUpload, bodyErrors, useBodyParsers, useFindingsUpload, useSupportedMediaTypes } from './body-limits';
import { useCollapsedSlashes } from './collapse-slashes';
import { useCors } from './cors';
import { armorValidationRules, operationCostLimit, useTokenLimit } from './cost-limits';
import { dashboardRoutes } from './dashboard';
import { deferredDelivery } from './defer/delivery';
import { declareDefer } from './defer/directive';
import { documentDownloadRoute } from './document-download';
import { createGateway, type GatewayContext, type PlannedGateway } from './gateway';
import { graphqlIde } from './graphql-ide';
import { checkGraphQLInput } from './graphql-input';
import { healthRoutes } from './health';
import { answerErrors, logInternalErrors } from './internal-errors';
import { graphqlMetrics, metricsRoute, useHttpMetrics } from './metrics';
import { oauthStartRoute } from './oauth-start';
import { useRequestId } from './request-id';
import { REST_ROUTES } from './rest/routes';
import { type Execute, mountRoutes, sendError } from './rest/table';
import { useSecurityHeaders } from './security-headers';
import { serviceUnavailableStatus } from './service-unavailable';
import { createSubscriptions } from './subscriptions';
import type { SubscriptionService } from './subscriptions/service';
import { trustedDocuments } from './trusted-documents';
import { reportValueCompletion } from './value-completion';

export interface GatewayServerOptions {
  db: Database;
  /** Where each subgraph answers (its own process, or this one's HTTP endpoint). */
  urls: Record<SubgraphName, string>;
  /** Subgraphs of this process, called directly instead of over HTTP (VIGIL_SUBGRAPH_TRANSPORT=in-process). */
  localSubgraphs?: Partial<Record<SubgraphName, GraphQLDataSource>>;
  /** The process's stream hub, shared with the subgraphs serving their own subscriptions to a router (app/vigil.ts); else the gateway makes one. */
  streams?: StreamHub;
  /** Routes the process adds before authentication (app/: the CLI's internal commands). */
  routes?: express.Router;
  /** Who may post a scanner run's findings, checked before its body is read (app/ asks the alerts domain). */
  authorizeFindingsUpload: AuthorizeFindingsUpload;
  /** Attachment bytes (lib/storage/): local storage's signed upload/download URLs are served here. */
  storage: ObjectStorage;
  /** Whether a storage key's attachment is still live (not expired): checked before GET /storage serves it. */
  storageKeyServed?: (key: string, userId: string | undefined) => Promise<boolean>;
  /** The public graph's gateway loaded beforehand (app/vigil.ts: while the database opened); else loaded here. */
  planned?: PlannedGateway;
  /** What must have started before the gateway listens (app/vigil.ts: the background side, started meanwhile). */
  beforeListening?: Promise<unknown>;
}

export interface RunningGateway {
  url: string;
  port: number;
  server: http.Server;
  /** Live subscriptions of this gateway (gateway/subscriptions/). */
  subscriptions: SubscriptionService;
  /** Shutting down: /readyz answers 503 from now on (requests are still served until close). */
  drain(): void;
  /** Streams end GOING_AWAY, no new connection, in-flight requests answered (bounded), then stopped. */
  close(): Promise<void>;
}

/**
 * The gateway's HTTP server: the supergraph composed from the subgraphs' SDL and served on /graphql,
 * the REST route table, /healthz, /readyz and /openapi.json, behind the request limits.
 */
export async function startGatewayServer(config: VigilConfig, options: GatewayServerOptions): Promise<RunningGateway> {
  const { db } = options;
  const gateway = options.planned?.gateway ?? createGateway(options.urls, config.secret, options.localSubgraphs);
  // The public graph is served with @defer declared (gateway/defer/directive.ts), to Apollo and the subscriptions alike.
  declareDefer(gateway);
  // ── subscriptions: gateway/subscriptions/ (graphql-ws on /graphql upgrades, SSE on /graphql/stream,
  // Apollo's multipart HTTP on POST /graphql);
  // payloads are fetched through this gateway as queries, so censorship is the subgraphs' as everywhere ──
  // One per-key budget for HTTP, SSE (HTTP requests) and graphql-ws operations (counted by the subscription service).
  const rateLimits = createRateLimits(rateLimitSettings(config));
  // One set of trusted documents for POST and GET /graphql, multipart subscriptions, SSE and graphql-ws.
  const trusted = trustedDocuments(config.trustedDocuments);
  const subscriptions = createSubscriptions(
    config,
    trusted,
    db,
    gateway,
    async (query, variables, principal, origin) => {
      const response = await apollo.executeOperation({ query, variables }, { contextValue: { principal, requestId: randomUUID(), origin } });
      return response.body.kind === 'single' ? (response.body.singleResult as ExecutionResult) : { errors: [] };
    },
    (apiKeyId) => rateLimits.admitKeyOperation(apiKeyId),
    options.streams,
  );
  const serverOptions = (graph: 'public' | 'rest', gateway: PlannedGateway['loaded']) => ({
    gateway,
    formatError,
    // The IDE on /graphql is Vigil's own (gateway/graphql-ide.ts: served locally, no CDN, no telemetry).
    // ── request limits: gateway/cost-limits.ts ──
    validationRules: armorValidationRules(config.limits.graphql),
    plugins: [
      graphqlMetrics(),
      subscriptions.publishAfterMutations(),
      operationCostLimit(config.limits.graphql),
      logInternalErrors(),
      serviceUnavailableStatus(),
      checkGraphQLInput(),
      reportValueCompletion(),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginCacheControlDisabled(),
    ],
    introspection: graph === 'public',
    allowBatchedHttpRequests: graph === 'public',
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  // /graphql and the subscriptions serve the public graph; the REST routes run their operations on the
  // REST graph, which adds the fields marked @inaccessible (gateway/gateway.ts restSupergraph).
  const apollo = new ApolloServer<GatewayContext>(serverOptions('public', options.planned?.loaded ?? gateway));
  await apollo.start();
  // The REST graph's server starts with the first REST request, not with the process: a second
  // ApolloGateway builds its own schemas and query planner (in a CPU profile of a start, the two
  // gateways' supergraph loading was 18% of it, half each), which a process serving only GraphQL, or
  // idle, never needs. A start that failed is tried again by the next request.
  let restApollo: Promise<ApolloServer<GatewayContext>> | undefined;
  const restServer = (): Promise<ApolloServer<GatewayContext>> => {
    restApollo ??= (async () => {
      const server = new ApolloServer<GatewayContext>(serverOptions('rest', createGateway(options.urls, config.secret, options.localSubgraphs, 'rest')));
      await server.start();
      return server;
    })().catch((error) => {
      restApollo = undefined;
      throw error;
    });
    return restApollo;
  };

  const app = express();
  app.disable('x-powered-by');
  // No ETag: Express would hash every answer (an alert page is ~85 KB) for a validator no client sends back.
  app.set('etag', false);
  // VIGIL_TRUST_PROXY: whose X-Forwarded-* headers count (req.protocol, req.host, req.ip); by default nobody's.
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  app.use(
    useHttpMetrics(),
    useRequestId(),
    accessLog('gateway', (_req, res) => (res as express.Response).locals.requestId as string),
    useCollapsedSlashes(),
  );
  // nosniff, framing refused, no referrer, a CSP (the pages set their own) and no-store: gateway/security-headers.ts
  app.use(useSecurityHeaders());
  const corsPolicy = useCors(config.corsOrigins);
  if (corsPolicy) app.use(corsPolicy);
  app.get('/metrics', metricsRoute(config.metricsToken));
  // The supergraph is composed once apollo.start() resolved: /readyz only answers after that.
  let draining = false;
  app.use(
    healthRoutes(
      db,
      () => true,
      Object.fromEntries(config.remoteSubgraphs.map((name) => [name, config.subgraphUrls[name]])),
      () => draining,
    ),
  );
  if (options.routes) app.use(options.routes);
  app.use(graphqlIde(), apiDocs(), dashboardRoutes());
  // ── documents: local-disk storage URLs (the signed token is the capability, no API key) ──
  if (options.storage.kind === 'local') app.use(localStorageRoutes(options.storage, config.secret, options.storageKeyServed));
  app.get('/openapi.json', openApiRoute(config.publicUrl));

  // ── request limits: rate limits (lib/rate-limits.ts), bodies read only after authentication
  // (gateway/body-limits.ts), GraphQL documents counted before parsing (gateway/cost-limits.ts) ──
  const authenticate = useAuthentication(db, rateLimits.byFailedKey);
  app.use('/graphql/stream', rateLimits.byAddress, authenticate, rateLimits.byKey, subscriptions.sse);
  app.use(
    '/graphql',
    rateLimits.byAddress,
    authenticate,
    rateLimits.byKey,
    useSupportedMediaTypes(['application/json']),
    express.json({ limit: config.limits.body.jsonBytes }),
    trusted.middleware,
    useBatchLimits(config.limits.graphql, (apiKeyId) => rateLimits.admitKeyOperation(apiKeyId)),
    useTokenLimit(config.limits.graphql),
    subscriptions.multipart,
    // @defer in multipart/mixed parts (gateway/defer/delivery.ts): each part an operation of this same server.
    deferredDelivery(
      () => gateway.schema,
      config.limits.graphql,
      async (query, variables, contextValue) => {
        const response = await apollo.executeOperation({ query, variables }, { contextValue });
        const result = response.body.kind === 'single' ? (response.body.singleResult as ExecutionResult) : { errors: [] };
        return { result, status: response.http.status, headers: response.http.headers };
      },
    ),
    expressMiddleware(apollo, {
      context: async ({ req, res }) => ({
        principal: graphqlPrincipal(res.locals.principal as Principal | null, req.method === 'GET' ? req.query : req.body),
        requestId: res.locals.requestId as string,
        origin: requestOrigin(req),
      }),
    }),
  );

  const execute: Execute = async (operation, variables, req, res) => {
    const response = await (await restServer()).executeOperation(
      { query: operation, variables },
      { contextValue: { principal: res.locals.principal as Principal, requestId: res.locals.requestId as string, origin: requestOrigin(req) } },
    );
    if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
    return response.body.singleResult as Awaited<ReturnType<Execute>>;
  };

  app.get('/oauth/:kind/start', oauthStartRoute());

  // A scanner run's findings document (Prowler's JSON-OCSF of one account can be 100+ MB) gets a
  // larger body limit, read only for an ADMIN of the organization posting to a live target.
  app.post(
    '/organizations/:organizationId/scantargets/:scanTargetId/findings',
    rateLimits.byAddress,
    authenticate,
    requireApiKey(),
    rateLimits.byKey,
    ...useFindingsUpload(options.authorizeFindingsUpload, config.limits.body),
  );
  app.use(rateLimits.byAddress, authenticate, requireApiKey(), rateLimits.byKey, ...useBodyParsers(config.limits.body));
  app.get('/me/documents/:documentId/download', documentDownloadRoute(execute, options.storage, config.secret)); // ── documents ──
  mountRoutes(app as unknown as express.Express, REST_ROUTES, execute);
  app.use((_req, res) => sendError(res, 'NOT_FOUND', 'No such route'));
  app.use(bodyErrors(config.limits.body));
  app.use(answerErrors());

  const server = http.createServer(httpServerOptions(config.limits.timeouts), app);
  answerClientErrors(server);
  // Shutdown (http-terminator): no new connection, idle keep-alive sockets closed, in-flight requests
  // answered (with `Connection: close`) for up to VIGIL_SHUTDOWN_TIMEOUT_MS, then the rest cut.
  const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: config.shutdownTimeoutMs });
  await options.beforeListening;
  const port = await listen(server, config.port, config.host);
  await subscriptions.start(server);
  observeProcess({ pool: db.pool, openSubscriptions: () => subscriptions.service.liveCount() });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    subscriptions: subscriptions.service,
    drain() {
      draining = true;
    },
    async close() {
      draining = true;
      await subscriptions.end(); // streams end GOING_AWAY with their cursor, WebSockets close 1001
      log.debug('gateway streams ended');
      // The grace period starts now: on the embedded database the event log's last read waits behind the
      // statements in flight (one connection), so it is waited for only after HTTP has stopped.
      await terminator.terminate();
      log.debug('gateway http closed');
      await subscriptions.close();
      await Promise.all([
        apollo.stop(),
        restApollo?.then(
          (server) => server.stop(),
          () => undefined,
        ),
      ]);
      await rateLimits.close();
      log.debug('gateway stopped');
    },
  };
}
