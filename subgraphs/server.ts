// Before @apollo/server: what it loads for features Vigil leaves off waits until used.
import '../lib/apollo-internals/deferred-modules';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { type DocumentNode, type GraphQLSchema, parse } from 'graphql';
import { createHttpTerminator } from 'http-terminator';
import { accessLog } from '../lib/access-log';
import { answerClientErrors } from '../lib/client-errors';
import type { AttachmentLimits, Quotas, SubgraphName } from '../lib/config';
import type { Database } from '../lib/db';
import { useTokenLimit } from '../lib/document-tokens';
import { logUnexpectedError } from '../lib/error-log';
import { isDependencyUnreachable, isErrorCode, VigilError } from '../lib/errors';
import { formatError } from '../lib/graphql-errors';
import { httpServerOptions, listen, type RunningServer, type ServerTimeouts } from '../lib/http-server';
import { PRINCIPAL_HEADER, type Principal, REQUEST_ID_HEADER, SIGNATURE_HEADER, verifyPrincipal } from '../lib/principal';
import type { RateLimitSettings, RateLimits } from '../lib/rate-limits';
import { refuseGraphQL } from '../lib/refuse';
import { withRequestId } from '../lib/request-context';
import { scalarResolvers } from '../lib/scalars';
import type { ObjectStorage } from '../lib/storage';
import type { Session, StreamHub } from '../lib/subscriptions/hub';
import { Visibility } from '../lib/visibility';
import { domainEnumResolvers } from './enums';
import { type FieldRules, guardRootFields } from './field-rules';
import { routerAuthentication } from './router-auth';
import { attachSubgraphWebSocket, subgraphSseHandler } from './subscriptions';

/** What every resolver receives: the database, the caller and the one visibility policy (who sees what: lib/visibility.ts). */
export interface SubgraphContext<Loaders = unknown> {
  db: Database;
  principal: Principal | null;
  policy: Visibility;
  requestId: string;
  loaders: Loaders;
  /** Services a subgraph needs beyond the database (e.g. the credential cipher). */
  services: SubgraphServices;
  /** Where the client reached the gateway (`http(s)://host[:port]`), signed by it; undefined for internal calls. */
  origin?: string;
  /** A subscription's connection (subgraphs/subscriptions.ts): its API key, re-checked while its streams run. */
  session?: Session;
}

export interface SubgraphServices {
  secret: string;
  /** How many of a thing one owner may hold (lib/config.ts); DEFAULT_QUOTAS when absent. */
  quotas?: Quotas;
  /** VIGIL_PUBLIC_URL: the base of the links answers carry (OAuth consent, Terraform download); unset = the request's origin. */
  publicUrl?: string;
  /** Webhook settings (lib/config.ts): the SSRF allow-list checked at registration. */
  webhooks?: { allowHosts: string[] };
  /** Where attachment bytes live (lib/storage/); the documents subgraph refuses attachments without it. */
  storage?: ObjectStorage;
  /** Attachment size limit, URL lifetime, document lifetime (lib/config.ts). */
  attachments?: AttachmentLimits;
  /** VIGIL_ROUTER_SECRET: another router may call this subgraph with it (subgraphs/router-auth.ts); unset = only the gateway. */
  routerSecret?: string;
  /**
   * The process's live streams (lib/subscriptions/hub.ts): with a router secret, a subgraph whose SDL has
   * Subscription fields serves them to the router (subgraphs/subscriptions.ts).
   */
  streams?: StreamHub;
}

/**
 * The base of every link an answer carries (OAuth consent, Terraform script): VIGIL_PUBLIC_URL, else
 * the origin the client reached the gateway at. A call with neither (an internal command) gets a
 * path alone.
 */
export function linkBase(ctx: Pick<SubgraphContext, 'services' | 'origin'>): string {
  return ctx.services.publicUrl ?? ctx.origin ?? '';
}

/** The resolver map buildSubgraphSchema takes, read off its public signature (@apollo/subgraph exports the type only from a private path). */
type SchemaModule = Exclude<Extract<Parameters<typeof buildSubgraphSchema>[0], readonly unknown[]>[number], DocumentNode>;
export type SubgraphResolverMap = NonNullable<SchemaModule['resolvers']>;

export interface SubgraphDefinition<Loaders = unknown> {
  name: SubgraphName;
  typeDefs: DocumentNode;
  /** Typed in each subgraph by its generated `Resolvers` (resolver-types.generated.ts). */
  resolvers: SubgraphResolverMap;
  /** Who may call each Query and Mutation field (subgraphs/field-rules.ts): applied by buildSchema, deny by default. */
  permissions: FieldRules;
  createLoaders(db: Database, policy: Visibility): Loaders;
}

/**
 * A subgraph's SDL: `schema.graphql` (the @link and shared types) followed by the other `.graphql`
 * files of the folder and its domain folders (`alerts/scans/scans.graphql` …), one per area, in
 * name order.
 */
export function subgraphSdlText(dir: string): string {
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.graphql') && f !== 'schema.graphql')
    .sort((a, b) => path.basename(a).localeCompare(path.basename(b)));
  return ['schema.graphql', ...files].map((f) => `${readFileSync(path.join(dir, f), 'utf8').trimEnd()}\n`).join('\n');
}

export function readSdl(dir: string): DocumentNode {
  return parse(subgraphSdlText(dir));
}

/** Merges the resolver maps of a subgraph's areas (each file adds fields to Query, Mutation, types). */
export function mergeResolvers<Map extends object>(...maps: Map[]): Map {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map) as Array<[string, Record<string, unknown>]>) {
      for (const field of Object.keys(fields)) {
        if (merged[type] && field in merged[type]) throw new Error(`resolver ${type}.${field} is defined twice`);
      }
      merged[type] = { ...merged[type], ...fields };
    }
  }
  return merged as Map;
}

/** Logs every unexpected error with the request id the gateway sent, so a masked error can be traced. */
export function logInternalErrors(serviceName: string): ApolloServerPlugin<{ requestId: string }> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ contextValue, errors }) {
          for (const error of errors) {
            const original = error.originalError ?? error;
            if (original instanceof VigilError || isErrorCode(error.extensions?.code)) continue;
            if (!isDependencyUnreachable(original) && (error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' || error.extensions?.code === 'BAD_USER_INPUT'))
              continue;
            logUnexpectedError(serviceName, contextValue?.requestId, original);
          }
        },
      };
    },
  };
}

export interface SubgraphDeps {
  db: Database;
  services: SubgraphServices;
}

/** The subgraph's executable schema, every root field behind its rule (a field without one stops the build). */
export function buildSchema(definition: SubgraphDefinition): GraphQLSchema {
  const schema = buildSubgraphSchema([
    { typeDefs: definition.typeDefs, resolvers: { ...scalarResolvers, ...domainEnumResolvers(definition.typeDefs), ...definition.resolvers } },
  ]);
  return guardRootFields(schema, definition.permissions, definition.name);
}

/** The context of one subgraph operation, for a caller the gateway has already authenticated. */
export function createContext(
  definition: SubgraphDefinition,
  deps: SubgraphDeps,
  principal: Principal | null,
  requestId: string,
  origin?: string,
  session?: Session,
): SubgraphContext {
  const policy = new Visibility(deps.db.pool, principal);
  return { db: deps.db, principal, policy, requestId, loaders: definition.createLoaders(deps.db, policy), services: deps.services, origin, session };
}

/** After each mutation this subgraph answered for a router, the live streams wake (the gateway does the same for its own): no wait for the poll. */
function wakeStreamsAfterMutations(streams: StreamHub): ApolloServerPlugin {
  return {
    async requestDidStart() {
      return {
        async willSendResponse({ operation }) {
          if (operation?.operation === 'mutation') streams.channel.publish();
        },
      };
    },
  };
}

export async function startSubgraph(
  definition: SubgraphDefinition,
  deps: SubgraphDeps,
  options: {
    port: number;
    host?: string;
    schema?: GraphQLSchema;
    timeouts?: ServerTimeouts;
    maxTokens?: number;
    shutdownTimeoutMs?: number;
    rateLimit?: RateLimitSettings;
    rateLimits?: RateLimits | null;
  },
): Promise<RunningServer> {
  const schema = options.schema ?? buildSchema(definition);
  // Subscriptions a router passes through: served when another router may call (a router secret) and the SDL has some.
  const streams = deps.services.routerSecret && schema.getSubscriptionType() ? deps.services.streams : undefined;
  const apollo = new ApolloServer<SubgraphContext>({
    schema,
    formatError,
    plugins: [
      logInternalErrors(`subgraph ${definition.name}`),
      ApolloServerPluginInlineTraceDisabled(),
      ApolloServerPluginCacheControlDisabled(),
      ...(streams ? [wakeStreamsAfterMutations(streams)] : []),
    ],
    introspection: true,
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  const router = deps.services.routerSecret
    ? routerAuthentication(definition.name, deps.db, deps.services.routerSecret, options.rateLimit, options.rateLimits)
    : null;
  const streamOptions =
    router && streams && deps.services.routerSecret
      ? {
          name: definition.name,
          schema,
          hub: streams,
          router,
          secret: deps.services.routerSecret,
          maxTokens: options.maxTokens ?? 0,
          context: (principal: Principal, session: Session) => createContext(definition, deps, principal, randomUUID(), undefined, session),
        }
      : null;
  if (streams) await streams.start();
  const sse = streamOptions ? subgraphSseHandler(streamOptions) : null;
  const app = express();
  // The gateway's request id (x-request-id) when it looks like one: this subgraph's log lines and the
  // jobs it enqueues carry it.
  app.use(
    accessLog(`subgraph ${definition.name}`, (req) => {
      const given = req.headers[REQUEST_ID_HEADER];
      return typeof given === 'string' && /^[A-Za-z0-9._-]{1,128}$/.test(given) ? given : randomUUID();
    }),
    (req, _res, next) => withRequestId(String(req.id), next),
  );
  app.use(
    '/graphql',
    express.json({ limit: '10mb' }),
    (req, res, next) => {
      // Not signed by Vigil's gateway: another router proving itself with the router secret.
      if (router && req.header(PRINCIPAL_HEADER) === undefined) return router.handler(req, res, next);
      const verified = verifyPrincipal(
        deps.services.secret,
        req.header(PRINCIPAL_HEADER),
        req.header(SIGNATURE_HEADER),
        (req.body ?? {}) as { query?: unknown; variables?: unknown },
      );
      if (!verified.ok) {
        refuseGraphQL(res, 'UNAUTHENTICATED', `Subgraph ${definition.name} accepts only signed calls from the gateway (${verified.reason})`);
        return;
      }
      res.locals.principal = verified.principal;
      res.locals.origin = verified.origin;
      next();
    },
    // Documents come from the gateway's query planner, within the gateway's limits; this bounds a
    // signed caller that is not the gateway. 0 = no limit.
    useTokenLimit({ maxTokens: options.maxTokens ?? 0 }),
    // A subscription passed through by a router: GraphQL over SSE (subgraphs/subscriptions.ts).
    (req, res, next) => (sse && req.header('accept')?.includes('text/event-stream') ? sse(req, res, next) : next()),
    expressMiddleware(apollo, {
      context: async ({ req, res }) =>
        createContext(
          definition,
          deps,
          res.locals.principal as Principal | null,
          req.header(REQUEST_ID_HEADER) ?? randomUUID(),
          res.locals.origin as string | undefined,
        ),
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', subgraph: definition.name });
  });
  const server = http.createServer(httpServerOptions(options.timeouts), app);
  answerClientErrors(server);
  const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: options.shutdownTimeoutMs ?? 30_000 });
  const ws = streamOptions ? attachSubgraphWebSocket(server, streamOptions) : null;
  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    port,
    async close() {
      // Streams end first (GOING_AWAY with their cursor, when the process's hub closes), then the WebSockets;
      // in-flight calls (another gateway's) are answered, up to the shutdown timeout.
      await ws?.close();
      await terminator.terminate();
      await apollo.stop();
      await router?.close();
    },
  };
}
