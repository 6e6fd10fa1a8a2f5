import path from 'node:path';
import type { NodeSDK } from '@opentelemetry/sdk-node';

/**
 * OpenTelemetry tracing, on when OTEL_EXPORTER_OTLP_ENDPOINT is set (OTLP over HTTP; the standard
 * OTEL_* variables apply). Imported first by every entry point (before express and the HTTP client
 * load) so that incoming and outgoing HTTP is instrumented: the W3C `traceparent` header carries a
 * trace from the gateway into each subgraph process, where @apollo/gateway's and the servers' spans
 * join it. The service name defaults to the process's role (OTEL_SERVICE_NAME overrides it).
 */
function roleName(): string {
  const entry = path.basename(process.argv[1] ?? '', '.js');
  if (entry === 'subgraph-main') return `vigil-subgraph-${process.argv[2] ?? 'unknown'}`;
  if (entry === 'worker-main') return 'vigil-worker';
  if (entry === 'cluster') return 'vigil-cluster';
  return 'vigil';
}

/** Loaded only when tracing is on: the SDK adds ~100 modules a process without it does not need. */
function startTracing(): NodeSDK {
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || roleName(),
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? '') })],
  });
  sdk.start();
  return sdk;
}

export const tracing: NodeSDK | null = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? startTracing() : null;
