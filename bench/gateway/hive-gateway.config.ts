/**
 * Hive Gateway's settings for the benchmark (its landing page and GraphiQL off, as in Vigil's gateway): deduplication of identical in-flight requests, inbound
 * and toward subgraphs, OFF unless BENCH_HIVE_DEDUP=on (those runs are printed apart and not counted).
 *
 * BENCH_HIVE_ROUTER_RUNTIME=on plans and executes with Hive Router's Rust runtime
 * (`@graphql-hive/router-runtime`): the same handler `--hive-router-runtime` installs, set here because
 * the flag falls back to the JavaScript runtime with only a warning when the package does not load,
 * whereas this fails the run. Loaded only then, so the other Hive runs do not carry the native module.
 */
import { defineConfig } from '@graphql-hive/gateway';

const dedup = process.env.BENCH_HIVE_DEDUP === 'on';
const routerRuntime = process.env.BENCH_HIVE_ROUTER_RUNTIME === 'on';

export const gatewayConfig = defineConfig({
  logging: 'error',
  // As Vigil's gateway: no landing page, no GraphiQL (issue 40: the peers' optional features matched).
  landingPage: false,
  graphiql: false,
  inboundInflightRequestDeduplication: dedup,
  transportEntries: { '*.http': { options: { deduplicateInflightRequests: dedup } } },
  // `as never`: the same fusion-runtime options type, resolved once through its CommonJS and once through its ESM build.
  ...(routerRuntime ? { unifiedGraphHandler: async (opts) => (await import('@graphql-hive/router-runtime')).unifiedGraphHandler(opts as never) } : {}),
});
