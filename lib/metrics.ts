import type pg from 'pg';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics of this process (prom-client), served by the gateway on /metrics. Labels are
 * closed sets (route templates, operation types and root fields of the schema, error codes, job
 * kinds): nothing a client sends can add a series, and nothing of an organization's data is in them.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'vigil_' });

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export const httpDuration = new Histogram({
  name: 'vigil_http_request_duration_seconds',
  help: 'HTTP requests served by the gateway, by method, route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const graphqlDuration = new Histogram({
  name: 'vigil_graphql_operation_duration_seconds',
  help: 'GraphQL operations (HTTP and REST routes alike), by operation type and first root field',
  labelNames: ['type', 'field'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const graphqlErrors = new Counter({
  name: 'vigil_graphql_errors_total',
  help: 'Errors answered to GraphQL operations, by extensions.code',
  labelNames: ['code'] as const,
  registers: [registry],
});

export const subgraphFetchDuration = new Histogram({
  name: 'vigil_subgraph_fetch_duration_seconds',
  help: 'Fetches the gateway makes to a subgraph (in-process or over HTTP), by subgraph',
  labelNames: ['subgraph'] as const,
  buckets: SECONDS,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'vigil_job_duration_seconds',
  help: 'Background jobs run by this process, by kind and outcome (done, failed, retried, released)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [...SECONDS, 60, 300],
  registers: [registry],
});

export const dependencyUp = new Gauge({
  name: 'vigil_dependency_up',
  help: 'Whether a dependency this process can run without is reachable (1) or the process is running degraded without it (0), by dependency',
  labelNames: ['dependency'] as const,
  registers: [registry],
});

/** Gauges read when scraped: the database pool, the job queue, open subscriptions. */
export function observeProcess(options: { pool: pg.Pool; openSubscriptions?: () => number }): void {
  const pool = options.pool;
  // The latest process part started is the one observed (tests start several in one process).
  for (const name of ['vigil_db_pool_connections', 'vigil_subscriptions_open', 'vigil_jobs']) registry.removeSingleMetric(name);
  new Gauge({
    name: 'vigil_db_pool_connections',
    help: 'Database pool connections of this process: total, idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'vigil_subscriptions_open',
    help: 'Live subscription streams open on this gateway',
    registers: [registry],
    collect() {
      this.set(options.openSubscriptions?.() ?? 0);
    },
  });
  new Gauge({
    name: 'vigil_jobs',
    help: 'Jobs in the queue (shared by every process), by kind and state',
    labelNames: ['kind', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const { rows } = await pool.query<{ kind: string; state: string; n: number }>(
        `SELECT kind, state, count(*)::int AS n FROM jobs.jobs GROUP BY kind, state`,
      );
      for (const row of rows) this.set({ kind: row.kind, state: row.state }, row.n);
    },
  });
}
