import express from 'express';
import { authenticateApiKey } from '../lib/api-keys';
import { SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import type { Database } from '../lib/db';
import { RETRY_AFTER_SECONDS } from '../lib/errors';
import { log } from '../lib/log';

const PROBE_TIMEOUT_MS = 2_000;
// A key no one holds: the probe runs the very statement every request runs first, on the
// connection requests use, so a session that cannot authenticate is not reported ready.
const PROBE_KEY = 'vgl_readiness-probe';

/** Whether a subgraph run elsewhere (`<NAME>_URL`) answers its /healthz. */
async function remoteSubgraphUp(url: string): Promise<boolean> {
  try {
    const answer = await fetch(new URL('/healthz', url), { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await answer.body?.cancel();
    return answer.ok;
  } catch {
    return false;
  }
}

/**
 * `/healthz`: the process is up. `/readyz`: requests can be served: the API-key statement runs,
 * the supergraph is composed and every remote subgraph answers. It names what is down, never why
 * (a driver message carries the database's address); the reason goes to the log.
 */
export function healthRoutes(
  db: Database,
  isComposed: () => boolean,
  remoteSubgraphs: Partial<Record<SubgraphName, string>> = {},
  isDraining: () => boolean = () => false,
): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    // Shutting down: load balancers stop sending new work while in-flight requests finish.
    if (isDraining()) {
      res
        .status(503)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .json({ status: 'stopping', down: ['stopping'] });
      return;
    }
    const down: string[] = [];
    const [database, ...subgraphs] = await Promise.all([
      Promise.race([
        authenticateApiKey(db.pool, PROBE_KEY),
        // A database that does not answer (a stuck connection) is as unready as one that refuses.
        new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS * 2} ms`)), PROBE_TIMEOUT_MS * 2).unref()),
      ]).then(
        () => true,
        (error: Error) => {
          log.warn('readiness: database check failed', { error: error.message });
          return false;
        },
      ),
      ...Object.entries(remoteSubgraphs).map(async ([name, url]) => ({ name, up: await remoteSubgraphUp(url) })),
    ]);
    if (!database) down.push('database');
    if (!isComposed()) down.push('supergraph');
    for (const { name, up } of subgraphs) if (!up) down.push(`subgraph ${name}`);
    if (down.length) {
      res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({ status: 'unavailable', down });
      return;
    }
    res.json({ status: 'ready', database: db.mode, subgraphs: SUBGRAPH_NAMES });
  });
  return router;
}
