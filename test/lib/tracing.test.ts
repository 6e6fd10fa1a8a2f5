import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { runScript, type SubgraphProcess, startServiceProcess, startSubgraphProcess } from '../support/processes';
import { createTestDatabase, request } from '../support/vigil';

/**
 * OpenTelemetry: with OTEL_EXPORTER_OTLP_ENDPOINT set, the gateway (`npm start`) and a subgraph in its
 * own process export spans over OTLP/HTTP, and a query's trace crosses the process boundary: spans of
 * both services share one trace id. The collector is a small OTLP/HTTP (JSON) receiver of the test's.
 */
jest.setTimeout(180_000);

interface Span {
  service: string;
  traceId: string;
  name: string;
}

function collector(): Promise<{ url: string; spans: Span[]; close(): void }> {
  const spans: Span[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const payload = JSON.parse(body || '{}') as {
        resourceSpans?: Array<{
          resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
          scopeSpans: Array<{ spans: Array<{ traceId: string; name: string }> }>;
        }>;
      };
      for (const resource of payload.resourceSpans ?? []) {
        const service = resource.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
        for (const scope of resource.scopeSpans) for (const span of scope.spans) spans.push({ service, traceId: span.traceId, name: span.name });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, close: () => server.close() })),
  );
}

it("joins the gateway's and a separately run subgraph's spans in one trace", async () => {
  const otlp = await collector();
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-tracing-'));
  const env = {
    DATABASE_URL: database.url,
    VIGIL_SECRET: randomBytes(16).toString('hex'),
    VIGIL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    VIGIL_SCHEDULER: 'off',
    VIGIL_WORKERS: 'none',
    REDIS_URL: '',
    OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
    OTEL_BSP_SCHEDULE_DELAY: '200',
  };
  let subgraph: SubgraphProcess | undefined;
  try {
    subgraph = await startSubgraphProcess('alerts', env);
    const gateway = await startServiceProcess({
      ...env,
      ALERTS_URL: subgraph.url,
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_SUBGRAPH_TRANSPORT: 'in-process',
    });
    try {
      const run = await runScript('cli/vigil.ts', ['bootstrap', '--email', 'trace@example.com', '--organization', 'Trace'], {
        ...env,
        OTEL_EXPORTER_OTLP_ENDPOINT: '',
      });
      const { apiKey } = JSON.parse(run.stdout.trim()) as { apiKey: string };
      expect((await request(gateway.url, 'POST', '/graphql', { key: apiKey, body: { query: '{ rules { id } }' } })).status).toBe(200);
      let shared: string | undefined;
      for (let i = 0; i < 60 && !shared; i++) {
        await new Promise((r) => setTimeout(r, 250));
        const gatewayTraces = new Set(otlp.spans.filter((s) => s.service === 'vigil').map((s) => s.traceId));
        shared = otlp.spans.find((s) => s.service === 'vigil-subgraph-alerts' && gatewayTraces.has(s.traceId))?.traceId;
      }
      expect(shared).toBeDefined();
      const names = otlp.spans.filter((s) => s.traceId === shared).map((s) => `${s.service}: ${s.name}`);
      expect(names.some((n) => n.startsWith('vigil: '))).toBe(true);
      expect(names.some((n) => n.startsWith('vigil-subgraph-alerts: '))).toBe(true);
    } finally {
      expect(await gateway.stop()).toBe(0);
    }
  } finally {
    await subgraph?.stop();
    otlp.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
