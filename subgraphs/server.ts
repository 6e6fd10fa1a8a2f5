import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { parse, type DocumentNode, type GraphQLFormattedError, type GraphQLSchema } from 'graphql';
import type { Database } from '../lib/db';
import { VigilError, isErrorCode } from '../lib/errors';
import { log } from '../lib/log';
import { Policy } from '../lib/policy';
import { PRINCIPAL_HEADER, REQUEST_ID_HEADER, SIGNATURE_HEADER, verifyPrincipal, type Principal } from '../lib/principal';
import { scalarResolvers } from '../lib/scalars';
import type { SubgraphName } from '../lib/config';

/** What every resolver receives: the database, the caller and the one authorization policy. */
export interface SubgraphContext<Loaders = unknown> {
  db: Database;
  principal: Principal | null;
  policy: Policy;
  requestId: string;
  loaders: Loaders;
  /** Services a subgraph needs beyond the database (e.g. the credential cipher). */
  services: SubgraphServices;
}

export interface SubgraphServices {
  secret: string;
  /** VIGIL_PUBLIC_URL: the base of the links answers carry (OAuth consent, Terraform download); unset = relative links. */
  publicUrl?: string;
}

export interface SubgraphDefinition<Loaders = unknown> {
  name: SubgraphName;
  typeDefs: DocumentNode;
  resolvers: GraphQLResolverMap<SubgraphContext<Loaders>>;
  createLoaders(db: Database, policy: Policy): Loaders;
}

/**
 * A subgraph's SDL: `schema.graphql` (the @link and shared types) followed by the folder's other
 * `.graphql` files in name order, one per area (`scan-targets.graphql`, `alerts.graphql` …).
 */
export function subgraphSdlText(dir: string): string {
  const files = readdirSync(dir).filter((f) => f.endsWith('.graphql') && f !== 'schema.graphql').sort();
  return ['schema.graphql', ...files].map((f) => readFileSync(path.join(dir, f), 'utf8').trimEnd() + '\n').join('\n');
}

export function readSdl(dir: string): DocumentNode {
  return parse(subgraphSdlText(dir));
}

type ResolverMap = Record<string, Record<string, unknown>>;

/** Merges the resolver maps of a subgraph's areas (each file adds fields to Query, Mutation, types). */
export function mergeResolvers(...maps: ResolverMap[]): ResolverMap {
  const merged: ResolverMap = {};
  for (const map of maps) {
    for (const [type, fields] of Object.entries(map)) {
      for (const field of Object.keys(fields)) {
        if (merged[type] && field in merged[type]) throw new Error(`resolver ${type}.${field} is defined twice`);
      }
      merged[type] = { ...merged[type], ...fields };
    }
  }
  return merged;
}

/** Known errors keep their code; anything else is masked (and logged by `logInternalErrors`). */
export function formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
  const original = (error as { originalError?: unknown })?.originalError ?? error;
  if (original instanceof VigilError) {
    return { message: original.message, path: formatted.path, extensions: { code: original.code, ...(original.field ? { field: original.field } : {}) } };
  }
  const code = formatted.extensions?.code;
  if (isErrorCode(code)) return { message: formatted.message, path: formatted.path, extensions: { code, ...(formatted.extensions?.field ? { field: formatted.extensions.field } : {}) } };
  if (code === 'GRAPHQL_VALIDATION_FAILED' || code === 'GRAPHQL_PARSE_FAILED' || code === 'BAD_USER_INPUT') {
    return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code: 'BAD_REQUEST' } };
  }
  return { message: 'Internal server error', path: formatted.path, extensions: { code: 'INTERNAL_SERVER_ERROR' } };
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
            if (error.extensions?.code === 'GRAPHQL_VALIDATION_FAILED' || error.extensions?.code === 'BAD_USER_INPUT') continue;
            log.error('internal error', { service: serviceName, requestId: contextValue?.requestId, error: original.stack ?? original.message });
          }
        },
      };
    },
  };
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

export interface SubgraphDeps {
  db: Database;
  services: SubgraphServices;
}

export function buildSchema(definition: SubgraphDefinition): GraphQLSchema {
  return buildSubgraphSchema([{ typeDefs: definition.typeDefs, resolvers: { ...scalarResolvers, ...definition.resolvers } as GraphQLResolverMap<unknown> }]);
}

/** The context of one subgraph operation, for a caller the gateway has already authenticated. */
export function createContext(definition: SubgraphDefinition, deps: SubgraphDeps, principal: Principal | null, requestId: string): SubgraphContext {
  const policy = new Policy(deps.db.pool, principal);
  return { db: deps.db, principal, policy, requestId, loaders: definition.createLoaders(deps.db, policy), services: deps.services };
}

export async function startSubgraph(
  definition: SubgraphDefinition,
  deps: SubgraphDeps,
  options: { port: number; host?: string; schema?: GraphQLSchema },
): Promise<RunningServer> {
  const schema = options.schema ?? buildSchema(definition);
  const apollo = new ApolloServer<SubgraphContext>({
    schema,
    formatError,
    plugins: [logInternalErrors(`subgraph ${definition.name}`), ApolloServerPluginInlineTraceDisabled(), ApolloServerPluginCacheControlDisabled()],
    introspection: true,
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  const app = express();
  app.use(
    '/graphql',
    express.json({ limit: '10mb' }),
    (req, res, next) => {
      const verified = verifyPrincipal(deps.services.secret, req.header(PRINCIPAL_HEADER), req.header(SIGNATURE_HEADER));
      if (!verified.ok) {
        res.status(401).json({ errors: [{ message: `Subgraph ${definition.name} accepts only signed calls from the gateway (${verified.reason})`, extensions: { code: 'UNAUTHENTICATED' } }] });
        return;
      }
      res.locals.principal = verified.principal;
      next();
    },
    expressMiddleware(apollo, {
      context: async ({ req, res }) => createContext(definition, deps, res.locals.principal as Principal | null, req.header(REQUEST_ID_HEADER) ?? randomUUID()),
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok', subgraph: definition.name });
  });
  const server = http.createServer(app);
  const port = await listen(server, options.port, options.host ?? '127.0.0.1');
  return {
    url: `http://127.0.0.1:${port}/graphql`,
    port,
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      await apollo.stop();
    },
  };
}
