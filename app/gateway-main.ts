// Tracing first: it instruments HTTP before anything loads it (lib/tracing.ts).
import '../lib/tracing';
import '../lib/production-mode';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startFederationGateway } from '../gateway/federation-server';
import { log } from '../lib/log';
import { stopOnSignals } from '../lib/shutdown';

/**
 * `npm run gateway -- --supergraph <file> --port <p>`: Vigil's federation gateway alone, in front of
 * any supergraph SDL (the subgraph URLs are the supergraph's own). No Vigil accounts: requests go to
 * the subgraphs as they come. The gateway benchmark runs it; operators can too.
 */
async function main() {
  const { values } = parseArgs({
    options: { supergraph: { type: 'string' }, port: { type: 'string', default: process.env.PORT ?? '4000' }, host: { type: 'string', default: '127.0.0.1' } },
  });
  if (!values.supergraph || !/^\d+$/.test(values.port ?? '')) {
    process.stderr.write('usage: npm run gateway -- --supergraph <supergraph.graphql> [--port <port>] [--host <address>]\n');
    process.exit(2);
  }
  const gateway = await startFederationGateway({
    supergraphSdl: readFileSync(values.supergraph, 'utf8'),
    port: Number(values.port),
    host: values.host as string,
  });
  log.info('gateway up', { url: `${gateway.url}/graphql`, supergraph: values.supergraph });
  stopOnSignals('gateway', 10_000, () => gateway.close());
}

main().catch((error) => {
  log.error('gateway failed to start', { error: error instanceof Error ? error.message : String(error) });
  process.exit(1);
});
