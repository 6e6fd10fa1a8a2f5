/**
 * Hive Gateway in front of Vigil's subgraphs (docs/own-router.md): stock Hive Gateway with two settings.
 * - hmacSignature: signs every subgraph call with VIGIL_ROUTER_SECRET (the same value the subgraphs have);
 * - propagateHeaders: forwards the client's Authorization header, which each subgraph authenticates.
 * Subscriptions pass through to the subgraphs over GraphQL over SSE (Hive Gateway's default), signed and
 * with the Authorization header like any other call.
 *
 *   npm run compose -- --subgraphs http://127.0.0.1:4001 --out supergraph.graphql   # real URLs (schema/ has placeholders)
 *   VIGIL_ROUTER_SECRET=… npx hive-gateway supergraph supergraph.graphql --port 4100 -c deploy/hive-gateway/gateway.config.ts
 */
import { defineConfig } from '@graphql-hive/gateway';

const secret = process.env.VIGIL_ROUTER_SECRET;
if (!secret) throw new Error("Set VIGIL_ROUTER_SECRET to the subgraphs' router secret");

export const gatewayConfig = defineConfig({
  hmacSignature: { secret },
  propagateHeaders: {
    fromClientToSubgraphs: ({ request }) => {
      const authorization = request.headers.get('authorization');
      return authorization ? { authorization } : {};
    },
  },
});
