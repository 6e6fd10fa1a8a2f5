import type express from 'express';
import type { GraphQLSchema } from 'graphql';
import { planGateway, type SubgraphSources } from '../gateway/gateway';
import { startGatewayServer } from '../gateway/server';
import type { SubscriptionService } from '../gateway/subscriptions/service';
import { SUBGRAPH_NAMES, type SubgraphName, type VigilConfig } from '../lib/config';
import { type Database, openDatabase } from '../lib/db';
import type { RunningServer } from '../lib/http-server';
import type { JobRunner } from '../lib/jobs/runner';
import { log } from '../lib/log';
import { migrateDatabase } from '../lib/migrate';
import { rateLimitSettings } from '../lib/rate-limits';
import { createStorage } from '../lib/storage';
import { StreamHub, streamHubSettings } from '../lib/subscriptions/hub';
import { Visibility } from '../lib/visibility';
import { SUBGRAPHS } from '../subgraphs';
import { findTargetForScan } from '../subgraphs/alerts/scans/queue';
import type { RunningScheduler } from '../subgraphs/alerts/scans/scheduler';
import { storageKeyServed } from '../subgraphs/documents/attachment-store';
import { InProcessDataSource } from '../subgraphs/in-process';
import { routerRateLimits } from '../subgraphs/router-auth';
import { buildSchema, startSubgraph } from '../subgraphs/server';
import { startBackground } from './background';
import { internalCommandRoutes } from './internal-commands';

export interface RunningVigil {
  url: string;
  port: number;
  db: Database;
  /** The subgraphs this process runs (all of them unless some are given by URL). */
  subgraphs: Partial<Record<SubgraphName, RunningServer>>;
  /** The scan scheduler of this process; null when its VIGIL_WORKERS leaves out scan.schedule. */
  scheduler: RunningScheduler | null;
  /** The background job runner of this process (workers/); null when VIGIL_WORKERS=none. */
  workers: JobRunner | null;
  /** Live subscriptions of this process's gateway (gateway/subscriptions/). */
  subscriptions: SubscriptionService;
  /** Stops everything in order (see close below); the way a signal stops `npm start` (app/main.ts). */
  close(): Promise<void>;
}

/**
 * The composition root: which parts this process runs and in which order they start and stop.
 * `npm start` runs them all — the database (migrated), the four subgraphs on their ports, the scan
 * scheduler and the job runner (workers/), and the gateway (gateway/server.ts) in front.
 */
export async function startVigil(
  config: VigilConfig,
  /** `db`: the caller's, left open by close(); `opening`: one the caller began to open for this Vigil, closed with it. */
  options: { db?: Database; opening?: Promise<Database> } = {},
): Promise<RunningVigil> {
  // What needs no database is done before waiting for it, overlapping its opening wherever that runs off
  // this thread (the embedded database's thread, a first start's child process, PostgreSQL): the
  // gateway's planning (the supergraph, the query planner: ~0.3 s of CPU; its calls to the subgraphs wait
  // until they run), then the subgraphs' schemas (~0.3 s). Meanwhile, from the moment the database is
  // open, the migrations check and then the background side's start (the rule catalog, abandoned scans)
  // run their statements, answered between one schema's build and the next. The gateway listens, and
  // /readyz can answer, only once the background side has started.
  const opening = options.db ? Promise.resolve(options.db) : (options.opening ?? openDatabase(config));
  // ── documents: attachment storage (lib/storage/): local disk under the data directory, or S3 ──
  const storage = createStorage(config.storage);
  const migrating = opening.then((db) => migrateDatabase(db, { log: (line) => log.info(line) }));
  migrating.catch(() => undefined); // awaited below; a failure is handled there
  const backgroundStarting = migrating.then(() => opening).then((db) => startBackground(db, config, storage));
  backgroundStarting.catch(() => undefined); // awaited below; a failure is thrown there
  let provideSources: (sources: SubgraphSources) => void = () => undefined;
  const planning = planGateway(new Promise<SubgraphSources>((resolve) => (provideSources = resolve)), config.secret);
  planning.catch(() => undefined); // awaited below; a failure is thrown there
  const schemas: Partial<Record<SubgraphName, GraphQLSchema>> = {};
  for (const name of SUBGRAPH_NAMES) {
    await new Promise((resolve) => setImmediate(resolve));
    if (!config.remoteSubgraphs.includes(name)) schemas[name] = buildSchema(SUBGRAPHS[name]);
  }
  const db = await opening;
  try {
    const migrated = await migrating;
    if (migrated.applied.length) log.info('migrations applied', { applied: migrated.applied });
  } catch (error) {
    // A failed or blocked migration stops start-up; the database is left as the runner recorded it.
    if (!options.db) await db.close();
    throw error;
  }

  // One stream hub for the process (lib/subscriptions/hub.ts): the gateway's streams and, with a router
  // secret, the subgraphs' own (subscriptions a router passes through) share its tail and re-check.
  const streams = new StreamHub(db.pool, config.secret, streamHubSettings(config, db));
  const services = {
    secret: config.secret,
    routerSecret: config.routerSecret,
    publicUrl: config.publicUrl,
    quotas: config.quotas,
    webhooks: config.webhooks,
    storage,
    attachments: config.attachments,
    streams,
  };
  const subgraphs: Partial<Record<SubgraphName, RunningServer>> = {};
  const localSubgraphs: Partial<Record<SubgraphName, InProcessDataSource>> = {};
  // Router calls (VIGIL_ROUTER_SECRET) of this process's subgraphs count in one per-key budget.
  const routerLimits = config.routerSecret ? routerRateLimits(rateLimitSettings(config)) : null;
  const urls = { ...config.subgraphUrls };
  for (const name of SUBGRAPH_NAMES) {
    const schema = schemas[name];
    if (!schema) continue;
    const running = await startSubgraph(
      SUBGRAPHS[name],
      { db, services },
      {
        port: config.subgraphPorts[name],
        schema,
        timeouts: config.limits.timeouts,
        maxTokens: config.limits.graphql.maxTokens * 4,
        shutdownTimeoutMs: config.shutdownTimeoutMs,
        rateLimits: routerLimits,
      },
    );
    subgraphs[name] = running;
    urls[name] = running.url;
    // A subgraph of this process is called directly; its HTTP endpoint still serves other gateways.
    if (config.subgraphTransport === 'in-process') localSubgraphs[name] = new InProcessDataSource(SUBGRAPHS[name], schema, { db, services });
  }

  provideSources({ urls, inProcess: localSubgraphs });

  const gateway = await startGatewayServer(config, {
    planned: await planning,
    beforeListening: backgroundStarting,
    db,
    urls,
    localSubgraphs,
    streams,
    routes: internalCommandRoutes(db, services) as express.Router,
    // An ADMIN of the organization posting to one of its live scan targets.
    storage,
    storageKeyServed: (key, userId) => storageKeyServed(db.pool, key, userId),
    authorizeFindingsUpload: async (principal, organizationId, scanTargetId) => {
      await new Visibility(db.pool, principal).requireAdmin(organizationId);
      await findTargetForScan(db, organizationId, scanTargetId);
    },
  });
  const background = await backgroundStarting;
  const { scheduler, workers } = background;
  return {
    url: gateway.url,
    port: gateway.port,
    db,
    subgraphs,
    scheduler,
    workers,
    subscriptions: gateway.subscriptions,
    /**
     * Shutdown that loses nothing: /readyz says 503 at once; the scheduler and the periodic
     * enqueuers stop asking for work; the gateway stops taking connections and answers what is in
     * flight (a findings upload included) while the job runner lets its jobs finish or gives them
     * back (QUEUED again, for another instance or the next start) — both within
     * VIGIL_SHUTDOWN_TIMEOUT_MS; then the subgraphs, then the database.
     */
    async close() {
      gateway.drain();
      // Together, so that the grace period of both starts now: the background side's pollers stop once their
      // statements return, which on the embedded database (one connection) is after the statements in flight.
      await Promise.all([background.stop(config.shutdownTimeoutMs), gateway.close()]);
      for (const running of Object.values(subgraphs)) await running.close();
      await routerLimits?.close();
      log.debug('subgraphs stopped');
      if (!options.db) await db.close();
      log.debug('database closed');
    },
  };
}
