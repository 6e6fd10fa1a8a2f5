// Before @apollo/gateway and @apollo/server: what they load for features Vigil leaves off waits until used.
import '../lib/apollo-internals/deferred-modules';
import http from 'node:http';
import { ApolloGateway } from '@apollo/gateway';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { createHttpTerminator } from 'http-terminator';
import { installPlanExecution } from '../lib/apollo-internals/plan-execution';
import { installPlanMerging } from '../lib/apollo-internals/plan-merging';
import { installResultShaping } from '../lib/apollo-internals/result-shaping';
import { SubgraphTransport } from '../lib/apollo-internals/subgraph-transport';
import { listen } from '../lib/http-server';

export interface FederationGatewayOptions {
  supergraphSdl: string;
  port: number;
  host: string;
}

/** Vigil's gateway in front of any supergraph: POST /graphql, /healthz. */
export async function startFederationGateway(options: FederationGatewayOptions) {
  installResultShaping();
  // The plan walked without per-request operation building, trace objects and spans (lib/apollo-internals/plan-execution.ts).
  installPlanExecution();
  const gateway = new ApolloGateway({ supergraphSdl: options.supergraphSdl, buildService: ({ url }) => new SubgraphTransport({ url: url as string }) });
  // One subgraph call fewer per TestQuery level on the federation benchmark (lib/apollo-internals/plan-merging.ts).
  installPlanMerging(gateway);
  const apollo = new ApolloServer({
    gateway,
    plugins: [ApolloServerPluginLandingPageDisabled(), ApolloServerPluginCacheControlDisabled()],
    csrfPrevention: false,
    stopOnTerminationSignals: false,
  });
  await apollo.start();
  const app = express();
  app.disable('x-powered-by');
  // Express would hash every answer for an ETag (sha1 over ~87 KB per TestQuery answer: 1.6% of the CPU).
  app.set('etag', false);
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use('/graphql', express.json({ limit: '1mb' }), expressMiddleware(apollo));
  const server = http.createServer(app);
  const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: 10_000 });
  const port = await listen(server, options.port, options.host);
  return {
    url: `http://${options.host}:${port}`,
    async close() {
      await terminator.terminate();
      await apollo.stop();
    },
  };
}
