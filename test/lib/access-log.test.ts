import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runScript, type SubgraphProcess, startServiceProcess, startSubgraphProcess } from '../support/processes';
import { createTestDatabase, request } from '../support/vigil';

/**
 * Access logs follow a request across processes: the gateway (`npm start`) and the alerts subgraph in
 * a process of its own (`npm run start:subgraph -- alerts`) each write a line carrying the same
 * request id; no line carries the API key.
 */
jest.setTimeout(180_000);

const lines = (output: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

it("writes the gateway's and the subgraph's access lines with one request id, and never the API key", async () => {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-access-log-'));
  const secret = randomBytes(16).toString('hex');
  const env = {
    DATABASE_URL: database.url,
    VIGIL_SECRET: secret,
    VIGIL_DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    VIGIL_SCHEDULER: 'off',
    VIGIL_WORKERS: 'none',
    REDIS_URL: '',
  };
  let subgraph: SubgraphProcess | undefined;
  try {
    subgraph = await startSubgraphProcess('alerts', env);
    const gateway = await startServiceProcess({ ...env, ALERTS_URL: subgraph.url, SUBGRAPH_BASE_PORT: '0' });
    try {
      const run = await runScript('cli/vigil.ts', ['bootstrap', '--email', 'logs@example.com', '--organization', 'Logs'], env);
      const { apiKey } = JSON.parse(run.stdout.trim()) as { apiKey: string };
      const answer = await request(gateway.url, 'POST', '/graphql', {
        key: apiKey,
        body: { query: '{ rules { id } }' },
        headers: { 'x-request-id': 'follow-me-42' },
      });
      expect(answer.status).toBe(200);
      await new Promise((r) => setTimeout(r, 300));
      const gatewayLine = lines(gateway.output()).find((line) => line.requestId === 'follow-me-42');
      expect(gatewayLine).toMatchObject({
        level: 'info',
        service: 'gateway',
        message: 'request',
        req: { method: 'POST', path: '/graphql' },
        res: { status: 200 },
      });
      expect(typeof gatewayLine?.ms).toBe('number');
      const subgraphLine = lines(subgraph.output()).find((line) => line.requestId === 'follow-me-42');
      expect(subgraphLine).toMatchObject({
        level: 'info',
        service: 'subgraph alerts',
        message: 'request',
        req: { method: 'POST', path: '/graphql' },
        res: { status: 200 },
      });
      expect(gateway.output()).not.toContain(apiKey);
      expect(subgraph.output()).not.toContain(apiKey);
    } finally {
      expect(await gateway.stop()).toBe(0);
    }
  } finally {
    await subgraph?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
