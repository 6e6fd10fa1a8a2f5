import path from 'node:path';
import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';

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

/**
 * The trace SDK alone (provider, batch processor, OTLP/HTTP exporter, HTTP instrumentation), not
 * @opentelemetry/sdk-node: that one depends on every exporter (gRPC, protobuf, Zipkin, Prometheus, logs,
 * metrics) whether used or not — 134 MB of the image's production node_modules, against 5 MB for these
 * (docs/operations.md). What it did for us is here: the resource (OTEL_RESOURCE_ATTRIBUTES, process,
 * host, the service name), W3C trace-context propagation and async context
 * (NodeTracerProvider.register), and the OTEL_BSP_* / OTEL_TRACES_SAMPLER / OTEL_EXPORTER_OTLP_*
 * variables (read by the processor, the provider and the exporter themselves). Loaded only when tracing
 * is on: ~100 modules a process without it does not need.
 */
function startTracing(): NodeTracerProvider {
  const { NodeTracerProvider, BatchSpanProcessor } = require('@opentelemetry/sdk-trace-node') as typeof import('@opentelemetry/sdk-trace-node');
  const { defaultResource, detectResources, envDetector, hostDetector, processDetector, resourceFromAttributes } =
    require('@opentelemetry/resources') as typeof import('@opentelemetry/resources');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-http') as typeof import('@opentelemetry/exporter-trace-otlp-http');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const resource = defaultResource()
    .merge(detectResources({ detectors: [envDetector, processDetector, hostDetector] }))
    .merge(resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME || roleName() }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())] });
  provider.register();
  const http = new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => /^\/(healthz|readyz|metrics)\b/.test(req.url ?? '') });
  http.setTracerProvider(provider);
  return provider;
}

export const tracing: NodeTracerProvider | null = process.env.OTEL_EXPORTER_OTLP_ENDPOINT ? startTracing() : null;
