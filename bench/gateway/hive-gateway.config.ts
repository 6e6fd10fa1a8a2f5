/**
 * Hive Gateway's settings for the benchmark: deduplication of identical in-flight requests, inbound
 * and toward subgraphs, OFF unless BENCH_HIVE_DEDUP=on (those runs are printed apart and not counted).
 */
import { defineConfig } from '@graphql-hive/gateway';

const dedup = process.env.BENCH_HIVE_DEDUP === 'on';

export const gatewayConfig = defineConfig({
  logging: 'error',
  inboundInflightRequestDeduplication: dedup,
  transportEntries: { '*.http': { options: { deduplicateInflightRequests: dedup } } },
});
