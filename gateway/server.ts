// Before @apollo/server: what it loads for features Vigil leaves off waits until used.
import '../lib/apollo-internals/deferred-modules';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { GraphQLDataSource } from '@apollo/gateway';
import type express from 'express';
import type { SubgraphName, VigilConfig } from '../lib/config';
import type { Database } from '../lib/db';
import { log } from '../lib/log';
import { observeProcess } from '../lib/metrics';
import { createRateLimits, rateLimitSettings } from '../lib/rate-limits';
import type { ObjectStorage } from '../lib/storage';
import type { StreamHub } from '../lib/subscriptions/hub';
import { startAuthentication, useAuthentication } from './authenticate';
import { type AuthorizeFindingsUpload, bodyErrors } from './body-limits';
import { declareDefer } from './defer/directive';
import { createGateway, type PlannedGateway } from './gateway';
import { graphqlHttpRoutes } from './graphql-http';
import { startGraphqlServers } from './graphql-servers';
import { healthRoutes } from './health';
import { createHttpApp, listenHttp } from './http-app';
import { answerErrors } from './internal-errors';
import { metricsRoute } from './metrics';
import { openRoutes } from './open-routes';
import { REST_SEGMENTS, restApi } from './rest/api';
import { createSubscriptions } from './subscriptions';
import type { SubscriptionService } from './subscriptions/service';
import { trustedDocuments } from './trusted-documents';

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
 * the REST route table, /healthz, /readyz and /openapi.json, behind the request limits. Each concern is
 * set up in its own module; this is the order they are wired in, and the order they stop in.
 */
export async function startGatewayServer(config: VigilConfig, options: GatewayServerOptions): Promise<RunningGateway> {
  const { db } = options;
  const gateway = options.planned?.gateway ?? createGateway(options.urls, config.secret, options.localSubgraphs);
  // The public graph is served with @defer declared (gateway/defer/directive.ts), to Apollo and the subscriptions alike.
  declareDefer(gateway);
  // One per-key budget for HTTP, SSE (HTTP requests) and graphql-ws operations (counted by the subscription service).
  const rateLimits = createRateLimits(rateLimitSettings(config));
  // One set of trusted documents for POST and GET /graphql, multipart subscriptions, SSE and graphql-ws.
  const trusted = trustedDocuments(config.trustedDocuments);
  // Subscriptions (gateway/subscriptions/: graphql-ws on /graphql upgrades, SSE, multipart on POST /graphql) fetch
  // their payloads through this gateway as queries, so censorship is the subgraphs' as everywhere.
  const subscriptions = createSubscriptions(
    config,
    trusted,
    db,
    gateway,
    async (query, variables, principal, origin) => (await servers.execute(query, variables, { principal, requestId: randomUUID(), origin })).result,
    (apiKeyId) => rateLimits.admitKeyOperation(apiKeyId),
    options.streams,
  );
  const servers = await startGraphqlServers(config, options, gateway, subscriptions.publishAfterMutations());

  // The API key's lookup starts as a request under /graphql or a REST path arrives (gateway/authenticate.ts).
  const app = createHttpApp(config, startAuthentication(db, new Set([...REST_SEGMENTS, 'graphql'])));
  app.get('/metrics', metricsRoute(config.metricsToken));
  // The supergraph is composed once the public graph's server started: /readyz only answers after that.
  let draining = false;
  const isDraining = () => draining;
  const remoteSubgraphs = Object.fromEntries(config.remoteSubgraphs.map((name) => [name, config.subgraphUrls[name]]));
  app.use(healthRoutes(db, () => true, remoteSubgraphs, isDraining));
  if (options.routes) app.use(options.routes);
  app.use(openRoutes(config, options));
  const authenticate = useAuthentication(db, rateLimits.byFailedKey);
  app.use(graphqlHttpRoutes(config, { rateLimits, authenticate, trusted, subscriptions, gateway, servers }));
  app.use(restApi(config, { ...options, rateLimits, authenticate, execute: servers.executeRest }));
  app.use(bodyErrors(config.limits.body), answerErrors());

  const http = await listenHttp(app, config, options.beforeListening);
  await subscriptions.start(http.server);
  observeProcess({ pool: db.pool, openSubscriptions: () => subscriptions.service.liveCount() });
  return {
    url: `http://127.0.0.1:${http.port}`,
    port: http.port,
    server: http.server,
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
      await http.terminate();
      log.debug('gateway http closed');
      await subscriptions.close();
      await servers.stop();
      await rateLimits.close();
      log.debug('gateway stopped');
    },
  };
}
