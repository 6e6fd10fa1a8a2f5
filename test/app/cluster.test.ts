import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildOnce, runScript, spawnCompiled } from '../support/processes';
import { createTestDatabase, request } from '../support/vigil';

/**
 * `npm run start:cluster`: the compose topology as local processes (four subgraphs, two gateway
 * replicas behind the load balancer, a worker) on PostgreSQL. The README's first steps work through
 * the balancer; with one gateway replica and one subgraph killed, the rest serve, and the killed
 * members come back.
 */
jest.setTimeout(300_000);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-cluster-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

/** A base port with the 21 ports the cluster uses above it free. */
async function freeBase(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    let ok = true;
    for (const offset of [0, 1, 2, 11, 12, 13, 14, 20]) ok = ok && (await free(base + offset));
    if (ok) return base;
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('serves the first steps through the balancer, and keeps serving with a gateway replica and a subgraph killed', async () => {
  database = await createTestDatabase();
  await buildOnce();
  const base = await freeBase();
  const env = {
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: '',
    PORT: String(base),
    VIGIL_DATA_DIR: dataDir,
    VIGIL_SECRET: 'cluster-test-secret-0123456789abcdef',
    LOG_LEVEL: 'warn',
  };
  const cluster = await spawnCompiled('app/cluster', [], { env });
  let output = '';
  cluster.stdout.on('data', (d) => (output += d));
  cluster.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => cluster.on('exit', resolve));
  const url = `http://127.0.0.1:${base}`;
  const members = () => JSON.parse(readFileSync(path.join(dataDir, 'cluster.json'), 'utf8')).members as Record<string, number>;
  try {
    await until('the cluster to be ready', async () => (await request(url, 'GET', '/readyz')).status === 200);
    // Both replicas take requests.
    await until('both gateway replicas', async () => {
      for (const n of [1, 2]) if ((await request(`http://127.0.0.1:${base + n}`, 'GET', '/readyz')).status !== 200) return false;
      return true;
    });

    // The README's first steps, through the balancer.
    const run = await runScript('cli/vigil.ts', ['bootstrap', '--email', 'ops@cluster.test', '--organization', 'Cluster'], env);
    expect(run.code).toBe(0);
    const admin = JSON.parse(run.stdout.trim()) as { organizationId: string; apiKey: string };
    expect((await request(url, 'GET', '/me', { key: admin.apiKey })).status).toBe(200);
    const graphql = await request(url, 'POST', '/graphql', { key: admin.apiKey, body: { query: '{ me { id email } }' } });
    expect(graphql.body.data.me.email).toBe('ops@cluster.test');
    const target = await request(url, 'POST', `/organizations/${admin.organizationId}/scantargets`, {
      key: admin.apiKey,
      body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
    });
    expect(target.status).toBe(200);
    const ingested = await request(url, 'POST', `/organizations/${admin.organizationId}/scantargets/${target.body.id}/findings`, {
      key: admin.apiKey,
      body: { format: 'vigil', findings: [{ rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::logs' }] },
    });
    expect(ingested.body.status).toBe('DONE');

    // One gateway replica killed (no shutdown code runs): once the balancer's health check sees it, every request is served.
    const before = members();
    process.kill(before['gateway-1'], 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (let i = 0; i < 10; i++) expect((await request(url, 'GET', '/me', { key: admin.apiKey })).status).toBe(200);

    // One subgraph killed: what does not need it is served; a query that needs it fails with a coded
    // error (not a hang), and once the cluster has started it again it is served too.
    process.kill(before.questionnaires, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await request(url, 'GET', '/me', { key: admin.apiKey })).status).toBe(200);
    await until('the questionnaires subgraph to come back', async () => {
      const answer = await request(url, 'GET', `/organizations/${admin.organizationId}/questionnaires`, { key: admin.apiKey });
      return answer.status === 200;
    });
    await until(
      'gateway-1 to come back',
      async () => members()['gateway-1'] !== before['gateway-1'] && (await request(`http://127.0.0.1:${base + 1}`, 'GET', '/readyz')).status === 200,
    );
  } finally {
    cluster.kill('SIGTERM');
    const code = await exited;
    if (code !== 0) process.stderr.write(output);
    expect(code).toBe(0);
  }
  expect(existsSync(path.join(dataDir, 'cluster.json'))).toBe(false);
});
