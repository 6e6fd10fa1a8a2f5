import http from 'node:http';
import express from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { SUBGRAPH_NAMES, type SubgraphName, type VigilConfig } from '../lib/config';
import { openDatabase, type Database } from '../lib/db';
import { applyMigrations } from '../lib/migrate';
import { log } from '../lib/log';
import type { Principal } from '../lib/principal';
import { SUBGRAPHS } from '../subgraphs';
import { buildSchema, formatError, listen, startSubgraph, type RunningServer } from '../subgraphs/server';
import { createGateway, InProcessDataSource, type GatewayContext } from './gateway';
import { mountRoutes, sendError, type Execute } from './rest/table';
import { REST_ROUTES } from './rest/routes';
import { openApiDocument } from './rest/openapi';
import { graphqlPrincipal, requireApiKey, useAuthentication } from './authenticate';
import { useCollapsedSlashes } from './collapse-slashes';
import { healthRoutes } from './health';
import { internalCommandRoutes } from './internal-commands';
import { useRequestId } from './request-id';
import { reportValueCompletion } from './value-completion';
import { upsertRuleCatalog } from '../subgraphs/alerts/rule-catalog';
import { startScheduler, type RunningScheduler } from '../subgraphs/alerts/scheduler';

export interface RunningVigil {
  url: string;
  port: number;
  db: Database;
  /** The subgraphs this process runs (all of them unless some are given by URL). */
  subgraphs: Partial<Record<SubgraphName, RunningServer>>;
  /** The scan scheduler of this process; null when VIGIL_SCHEDULER=off. */
  scheduler: RunningScheduler | null;
  close(): Promise<void>;
}

function logGatewayErrors(): ApolloServerPlugin<GatewayContext> {
  return {
    async requestDidStart() {
      return {
        async didEncounterErrors({ contextValue, errors }) {
          for (const error of errors) {
            const code = error.extensions?.code;
            if (code === 'INTERNAL_SERVER_ERROR' || code === undefined) {
              log.error('internal error', { service: 'gateway', requestId: contextValue.requestId, error: error.originalError?.stack ?? error.message });
            }
          }
        },
      };
    },
  };
}

/**
 * Starts the whole service in this process: the database (migrated), the four subgraphs on their
 * ports, and the gateway serving GraphQL, the REST routes, /healthz and /readyz.
 */
export async function startVigil(config: VigilConfig, options: { db?: Database } = {}): Promise<RunningVigil> {
  const db = options.db ?? (await openDatabase(config));
  try {
    const migrated = await applyMigrations(db.pool, { log: (line) => log.info(line) });
    if (migrated.applied.length) log.info('migrations applied', { applied: migrated.applied });
  } catch (error) {
    // A failed or blocked migration stops start-up; the database is left as the runner recorded it.
    if (!options.db) await db.close();
    throw error;
  }

  const services = { secret: config.secret, publicUrl: config.publicUrl };
  const subgraphs: Partial<Record<SubgraphName, RunningServer>> = {};
  const inProcess: Partial<Record<SubgraphName, InProcessDataSource>> = {};
  const urls = { ...config.subgraphUrls };
  for (const name of SUBGRAPH_NAMES) {
    if (config.remoteSubgraphs.includes(name)) continue;
    const schema = buildSchema(SUBGRAPHS[name]);
    const running = await startSubgraph(SUBGRAPHS[name], { db, services }, { port: config.subgraphPorts[name], schema });
    subgraphs[name] = running;
    urls[name] = running.url;
    // A subgraph of this process is called directly; its HTTP endpoint still serves other gateways.
    if (config.subgraphTransport === 'in-process') inProcess[name] = new InProcessDataSource(SUBGRAPHS[name], schema, { db, services });
  }

  // ── scans: the rule catalog and the scan scheduler (subgraphs/alerts/scheduler.ts) ──
  await upsertRuleCatalog(db.pool);
  const scheduler = config.scheduler.enabled ? startScheduler(db, { intervalMs: config.scheduler.intervalMs }) : null;
  // ── end scans ──

  let composed = false;
  const apollo = new ApolloServer<GatewayContext>({
    gateway: createGateway(urls, config.secret, inProcess),
    formatError,
    // Sandbox on /graphql in every mode: the API is self-describing and every call needs a key anyway.
    plugins: [logGatewayErrors(), reportValueCompletion(), ApolloServerPluginLandingPageLocalDefault({ embed: true }), ApolloServerPluginCacheControlDisabled()],
    introspection: true,
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  composed = true;

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(useRequestId(), useCollapsedSlashes());
  app.use(healthRoutes(db, () => composed), internalCommandRoutes(db, services));
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument(REST_ROUTES));
  });

  const authenticate = useAuthentication(db);
  app.use(
    '/graphql',
    express.json({ limit: '5mb' }),
    authenticate,
    expressMiddleware(apollo, {
      context: async ({ req, res }) => ({ principal: graphqlPrincipal(res.locals.principal as Principal | null, req.body), requestId: res.locals.requestId as string }),
    }),
  );

  const execute: Execute = async (operation, variables, _req, res) => {
    const response = await apollo.executeOperation(
      { query: operation, variables },
      { contextValue: { principal: res.locals.principal as Principal, requestId: res.locals.requestId as string } },
    );
    if (response.body.kind !== 'single') throw new Error('unexpected incremental response');
    return response.body.singleResult as Awaited<ReturnType<Execute>>;
  };

  // The OAuth consent links (GET /oauth/link) open here in a browser, without an API key. Starting
  // a consent needs the provider's OAuth application (client id and secret) registered for this
  // deployment, which Vigil does not hold: say so instead of a bare 404.
  app.get('/oauth/:kind/start', (req, res) => {
    res.status(501).json({
      statusCode: 501,
      error: 'NotImplemented',
      message: `This Vigil deployment has no ${req.params.kind} OAuth application, so the consent cannot start; give the scan target a credential, or load its findings with POST /organizations/{organizationId}/scantargets/{scanTargetId}/findings`,
    });
  });

  // A scanner run's findings document (Prowler's JSON-OCSF of one account can be 100+ MB) gets a
  // larger body limit, parsed only for an authenticated caller.
  app.post('/organizations/:organizationId/scantargets/:scanTargetId/findings', authenticate, requireApiKey(), express.json({ limit: '256mb' }));
  app.use(express.json({ limit: '5mb' }), express.text({ type: 'text/plain', limit: '1mb' }), authenticate, requireApiKey());
  mountRoutes(app as unknown as express.Express, REST_ROUTES, execute);
  app.use((_req, res) => sendError(res, 'NOT_FOUND', 'No such route'));
  app.use((error: Error & { status?: number; type?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    if (error.type === 'entity.parse.failed' || error.status === 400) return sendError(res, 'BAD_REQUEST', `body: ${error.message}`);
    if (error.status === 413) return sendError(res, 'BAD_REQUEST', 'body: too large');
    log.error('internal error', { service: 'gateway', requestId: res.locals.requestId, error: error.stack ?? error.message });
    sendError(res, 'INTERNAL_SERVER_ERROR', `Internal server error (request id ${res.locals.requestId})`);
  });

  const server = http.createServer(app);
  const port = await listen(server, config.port, config.host);
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    db,
    subgraphs,
    scheduler,
    async close() {
      await scheduler?.stop(); // scans: no pass may outlive the database
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      await closed;
      log.debug('gateway http closed');
      await apollo.stop();
      log.debug('gateway stopped');
      for (const running of Object.values(subgraphs)) await running.close();
      log.debug('subgraphs stopped');
      if (!options.db) await db.close();
      log.debug('database closed');
    },
  };
}
