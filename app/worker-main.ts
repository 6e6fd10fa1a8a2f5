// Tracing first: it instruments HTTP before anything loads it (lib/tracing.ts).
import '../lib/tracing';
import '../lib/production-mode';
import http from 'node:http';
import express from 'express';
import { ConfigError, loadConfig } from '../lib/config';
import { openDatabase } from '../lib/db';
import { listen } from '../lib/http-server';
import { log } from '../lib/log';
import { migrateDatabase } from '../lib/migrate';
import { stopOnSignals } from '../lib/shutdown';
import { createStorage } from '../lib/storage';
import { startBackground } from './background';

/**
 * `npm run start:worker`: the background side alone — the scan scheduler and the job runner with the
 * kinds of VIGIL_WORKERS (exports, webhook deliveries, scans, expiries) — for deployments that run
 * gateways, subgraphs and workers as separate processes (docker-compose.yml, `npm run start:cluster`).
 * Needs DATABASE_URL. Serves only /healthz and /readyz (for a supervisor's health check) on PORT.
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('A worker in its own process needs DATABASE_URL (the embedded database serves one process).\n');
    process.exit(2);
  }
  const db = await openDatabase(config); // PostgreSQL at DATABASE_URL, with the gateway's pool settings
  await migrateDatabase(db, { log: (line) => log.info(line) });
  const background = await startBackground(db, config, createStorage(config.storage));
  let stopping = false;
  const app = express();
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    const up =
      !stopping &&
      (await db.pool.query('SELECT 1').then(
        () => true,
        () => false,
      ));
    res.status(up ? 200 : 503).json({ status: up ? 'ready' : 'unavailable', workers: background.workers?.kinds ?? [] });
  });
  const server = http.createServer(app);
  const port = await listen(server, config.port, config.host);
  log.info('worker up', { kinds: background.workers?.kinds ?? [], scheduler: !!background.scheduler, health: `http://${config.host}:${port}/readyz` });
  stopOnSignals('worker', config.shutdownTimeoutMs, async () => {
    stopping = true;
    await background.stop(config.shutdownTimeoutMs);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await db.close();
  });
}

main().catch((error) => {
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  log.error('worker failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
