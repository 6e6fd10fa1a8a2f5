// Tracing first: it instruments HTTP before anything loads it (lib/tracing.ts).
import '../lib/tracing';
import '../lib/production-mode';
import { ConfigError, loadConfig, SUBGRAPH_NAMES, type SubgraphName } from '../lib/config';
import { openDatabase } from '../lib/db';
import { log } from '../lib/log';
import { migrateDatabase } from '../lib/migrate';
import { rateLimitSettings } from '../lib/rate-limits';
import { stopOnSignals } from '../lib/shutdown';
import { createStorage } from '../lib/storage';
import { StreamHub, streamHubSettings } from '../lib/subscriptions/hub';
import { SUBGRAPHS } from '../subgraphs';
import { startSubgraph } from '../subgraphs/server';

/** `npm run start:subgraph -- <name>`: one subgraph as its own process (needs DATABASE_URL and VIGIL_SECRET shared with the gateway). */
async function main() {
  const name = process.argv[2] as SubgraphName;
  if (!SUBGRAPH_NAMES.includes(name)) {
    process.stderr.write(`usage: npm run start:subgraph -- <${SUBGRAPH_NAMES.join('|')}>\n`);
    process.exit(2);
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    process.stderr.write('A subgraph in its own process needs DATABASE_URL (the embedded database serves one process).\n');
    process.exit(2);
  }
  const db = await openDatabase(config); // PostgreSQL at DATABASE_URL, with the gateway's pool settings
  await migrateDatabase(db, { log: (line) => log.info(line) });
  // Its Subscription fields, served to a router passing them through (only with VIGIL_ROUTER_SECRET: the hub opens a wake connection).
  const streams = config.routerSecret ? new StreamHub(db.pool, config.secret, streamHubSettings(config, db)) : undefined;
  const server = await startSubgraph(
    SUBGRAPHS[name],
    {
      db,
      services: {
        secret: config.secret,
        routerSecret: config.routerSecret,
        publicUrl: config.publicUrl,
        quotas: config.quotas,
        webhooks: config.webhooks,
        storage: createStorage(config.storage),
        attachments: config.attachments,
        streams,
      },
    },
    {
      port: config.subgraphPorts[name],
      host: config.host,
      timeouts: config.limits.timeouts,
      maxTokens: config.limits.graphql.maxTokens * 4,
      shutdownTimeoutMs: config.shutdownTimeoutMs,
      rateLimit: rateLimitSettings(config),
    },
  );
  log.info('subgraph up', { name, url: server.url });
  stopOnSignals(`subgraph ${name}`, config.shutdownTimeoutMs, async () => {
    await streams?.close(); // streams end GOING_AWAY with their cursor
    await server.close(); // in-flight calls answered first (up to VIGIL_SHUTDOWN_TIMEOUT_MS)
    await db.close();
  });
}

main().catch((error) => {
  // A configuration problem is for a person at a terminal: the list as it is, not an escaped log field.
  if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
  log.error('subgraph failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
