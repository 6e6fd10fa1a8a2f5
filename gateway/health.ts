import express from 'express';
import { SUBGRAPH_NAMES } from '../lib/config';
import type { Database } from '../lib/db';

/** `/healthz`: the process is up. `/readyz`: the database answers and the supergraph is composed. */
export function healthRoutes(db: Database, isComposed: () => boolean): express.Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/readyz', async (_req, res) => {
    try {
      await db.pool.query('select 1');
      if (!isComposed()) throw new Error('supergraph not composed yet');
      res.json({ status: 'ready', database: db.mode, subgraphs: SUBGRAPH_NAMES });
    } catch (error) {
      res.status(503).json({ status: 'unavailable', error: (error as Error).message });
    }
  });
  return router;
}
