/**
 * Hive Gateway as gateway.config.ts, with subscriptions to the subgraphs over graphql-ws instead of SSE
 * (docs/own-router.md): Hive Gateway's documented `transportEntries` setting. The client's Authorization
 * goes in each connection's connection_init payload; every operation is HMAC-signed as over HTTP.
 *
 *   npm run compose -- --subgraphs http://127.0.0.1:4001 --out supergraph.graphql   # real URLs (schema/ has placeholders)
 *   VIGIL_ROUTER_SECRET=… npx hive-gateway supergraph supergraph.graphql --port 4100 -c deploy/hive-gateway/gateway-ws.config.ts
 */
import { defineConfig } from '@graphql-hive/gateway';
import { gatewayConfig as overHttp } from './gateway.config';

export const gatewayConfig = defineConfig({
  ...overHttp,
  transportEntries: {
    '*.http': {
      options: {
        subscriptions: {
          kind: 'ws',
          location: '/graphql',
          options: { connectionParams: { authorization: '{context.headers.authorization}' } },
        },
      },
    },
  },
});
