import http from 'node:http';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import { ApolloServerPluginLandingPageLocalDefault } from '@apollo/server/plugin/landingPage/default';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import { GraphQLError, parse, type DocumentNode, Kind } from 'graphql';
import { SUBGRAPH_NAMES, type SubgraphName, type VigilConfig } from '../lib/config';
import { openDatabase, type Database } from '../lib/db';
import { applyMigrations } from '../lib/migrate';
import { authenticateApiKey, bearerToken } from '../lib/api-keys';
import { log } from '../lib/log';
import { PRINCIPAL_HEADER, SIGNATURE_HEADER, verifyPrincipal, type Principal } from '../lib/principal';
import { COMMANDS, type CommandArgs } from '../lib/cli/commands';
import { SUBGRAPHS } from '../subgraphs';
import { buildSchema, formatError, listen, startSubgraph, type RunningServer } from '../subgraphs/server';
import { createGateway, InProcessDataSource, type GatewayContext } from './gateway';
import { mountRoutes, sendError, type Execute } from './rest/table';
import { REST_ROUTES } from './rest/routes';
import { openApiDocument } from './rest/openapi';
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

function onlyIntrospection(document: DocumentNode): boolean {
  return document.definitions.every(
    (def) => def.kind === Kind.OPERATION_DEFINITION && def.operation === 'query' && def.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith('__')),
  );
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
  const migrated = await applyMigrations(db.pool, { log: (line) => log.info(line) });
  if (migrated.applied.length) log.info('migrations applied', { applied: migrated.applied });

  const services = { secret: config.secret };
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
    plugins: [logGatewayErrors(), ApolloServerPluginLandingPageLocalDefault({ embed: true }), ApolloServerPluginCacheControlDisabled()],
    introspection: true,
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  composed = true;

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use((req, res, next) => {
    const requestId = req.header('x-request-id') ?? randomUUID();
    res.setHeader('x-request-id', requestId);
    res.locals.requestId = requestId;
    next();
  });
  // The Python SDK builds `base + path`, so a base URL ending in `/` sends `//me`: collapse repeated slashes.
  app.use((req, _res, next) => {
    const q = req.url.indexOf('?');
    const path = q < 0 ? req.url : req.url.slice(0, q);
    if (path.includes('//')) req.url = path.replace(/\/{2,}/g, '/') + (q < 0 ? '' : req.url.slice(q));
    next();
  });
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    try {
      await db.pool.query('select 1');
      if (!composed) throw new Error('supergraph not composed yet');
      res.json({ status: 'ready', database: db.mode, subgraphs: SUBGRAPH_NAMES });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', error: (error as Error).message });
    }
  });
  app.get('/openapi.json', (_req, res) => {
    res.json(openApiDocument(REST_ROUTES));
  });

  // Administrative commands from the CLI when this process holds the embedded database.
  app.post('/internal/commands/:name', express.json(), async (req, res) => {
    const verified = verifyPrincipal(config.secret, req.header(PRINCIPAL_HEADER), req.header(SIGNATURE_HEADER));
    const command = COMMANDS[String(req.params.name)];
    if (!verified.ok) return sendError(res, 'UNAUTHENTICATED', 'internal commands need the instance secret');
    if (!command) return sendError(res, 'NOT_FOUND', 'No such command');
    res.status(200).type('application/x-ndjson');
    const send = (line: object) => res.write(JSON.stringify(line) + '\n');
    try {
      const result = await command.run(db, (req.body ?? {}) as CommandArgs, (done, total, label) => send({ progress: [done, total, label] }), services);
      send({ result });
    } catch (error) {
      send({ error: (error as Error).message });
    }
    res.end();
  });

  // Authentication: a bad key is refused here; no key is allowed only for introspection (GraphQL).
  const authenticate: express.RequestHandler = async (req, res, next) => {
    try {
      const token = bearerToken(req.header('authorization'));
      if (token === undefined) {
        res.locals.principal = null;
        return next();
      }
      const principal = token ? await authenticateApiKey(db.pool, token, req.ip) : null;
      if (!principal) {
        if (req.path === '/graphql') {
          res.status(401).json({ errors: [{ message: 'The API key is not valid', extensions: { code: 'UNAUTHENTICATED' } }] });
        } else {
          sendError(res, 'UNAUTHENTICATED', 'The API key is not valid');
        }
        return;
      }
      res.locals.principal = principal;
      next();
    } catch (error) {
      next(error);
    }
  };

  app.use(
    '/graphql',
    express.json({ limit: '5mb' }),
    authenticate,
    expressMiddleware(apollo, {
      context: async ({ req, res }) => {
        const principal = res.locals.principal as Principal | null;
        if (!principal && req.method === 'POST') {
          const query = (req.body as { query?: unknown } | undefined)?.query;
          let introspection = false;
          try {
            introspection = typeof query === 'string' && onlyIntrospection(parse(query));
          } catch {
            introspection = false;
          }
          if (!introspection) {
            throw new GraphQLError('A valid API key is required: Authorization: Bearer <key>', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
          }
        }
        return { principal, requestId: res.locals.requestId as string };
      },
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

  const rest = express.Router();
  rest.use(express.json({ limit: '5mb' }), express.text({ type: 'text/plain', limit: '1mb' }));
  rest.use(authenticate, (_req, res, next) => {
    if (!res.locals.principal) return sendError(res, 'UNAUTHENTICATED', 'A valid API key is required: Authorization: Bearer <key>');
    next();
  });
  // ── scans: a scanner run's findings document (Prowler's JSON-OCSF of one account can be 100+ MB)
  // gets a larger body limit, parsed only for an authenticated caller. ──
  app.post(
    '/organizations/:organizationId/scantargets/:scanTargetId/findings',
    authenticate,
    (_req, res, next) => (res.locals.principal ? next() : sendError(res, 'UNAUTHENTICATED', 'A valid API key is required: Authorization: Bearer <key>')),
    express.json({ limit: '256mb' }),
  );
  // ── end scans ──
  app.use(rest);
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
