import { type ChildProcess, execSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { COMMANDS } from '../../cli/commands';
import { openPostgres } from '../../lib/db';
import { freePort, ROOT, type ServiceProcess, startServiceProcess } from '../support/processes';
import { createTestDatabase } from '../support/vigil';

/**
 * docs/own-router.md's Hive Gateway commands, as an operator runs them from a checkout with Vigil
 * running: the page's `sh` block under "## Hive Gateway", line by line, with only what the reader
 * fills in replaced — the first subgraph's port (the page's 4001: Vigil's default with PORT 4000),
 * Hive's port (4100) and the secret (…). Then a query through that Hive Gateway answers as Vigil does.
 * It runs in a directory that looks like the checkout (its files linked) so that the page's
 * `supergraph.graphql` does not meet test/supergraph's, which writes the same name at the root.
 */
jest.setTimeout(240_000);

const SECRET = 'own-router-page-secret-0123456789';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-own-router-'));
const checkout = mkdtempSync(path.join(os.tmpdir(), 'vigil-own-router-checkout-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let service: ServiceProcess | undefined;
let hive: ChildProcess | undefined;
let hiveOutput = '';

/** Five consecutive free ports (the gateway's and the four subgraphs'), the first returned. */
async function consecutiveFreePorts(count: number): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 20_000);
    const all = await Promise.all(Array.from({ length: count }, (_, i) => free(base + i)));
    if (all.every(Boolean)) return base;
  }
  throw new Error('no consecutive free ports');
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (const name of ['package.json', 'node_modules', 'schema', 'subgraphs', 'lib', 'deploy', 'tsconfig.json', 'generated']) {
    symlinkSync(path.join(ROOT, name), path.join(checkout, name));
  }
});

afterAll(async () => {
  if (hive?.pid && hive.exitCode === null) {
    const exited = new Promise((resolve) => hive?.once('exit', resolve));
    process.kill(-hive.pid, 'SIGTERM');
    await exited;
  }
  await service?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(checkout, { recursive: true, force: true });
});

it("runs docs/own-router.md's Hive Gateway commands verbatim in front of a running Vigil, and a query answers through it", async () => {
  const page = readFileSync(path.join(ROOT, 'docs', 'own-router.md'), 'utf8');
  const section = page.slice(page.indexOf('## Hive Gateway'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  const commands = (block ?? '').split('\n').filter((line) => line.trim() && !line.startsWith('#'));
  expect(commands).toEqual([
    'npm run compose -- --subgraphs http://127.0.0.1:4001 --out supergraph.graphql',
    'VIGIL_ROUTER_SECRET=… npx hive-gateway supergraph supergraph.graphql --port 4100 -c deploy/hive-gateway/gateway.config.ts',
  ]);
  // The page's ports are Vigil's defaults: gateway 4000, subgraphs from 4001 in the order it lists.
  expect(page).toMatch(/organizations.*alerts.*questionnaires.*documents/s);

  const base = await consecutiveFreePorts(5);
  service = await startServiceProcess({
    DATABASE_URL: database.url,
    PORT: String(base),
    SUBGRAPH_BASE_PORT: String(base + 1),
    VIGIL_ROUTER_SECRET: SECRET,
    VIGIL_DATA_DIR: dataDir,
    REDIS_URL: '',
  });
  const db = await openPostgres(database.url, 2);
  const account = (await COMMANDS.bootstrap.run(db, { email: 'router@example.com', organization: 'Own Router' }, () => undefined)) as {
    apiKey: string;
  };
  await db.close();

  const hivePort = await freePort();
  const filledIn = commands.map((command) =>
    command
      .replace('http://127.0.0.1:4001', `http://127.0.0.1:${base + 1}`)
      .replace('--port 4100', `--port ${hivePort}`)
      .replace('VIGIL_ROUTER_SECRET=…', `VIGIL_ROUTER_SECRET=${SECRET}`),
  );
  const env = { ...process.env, INIT_CWD: checkout };
  execSync(filledIn[0], { cwd: checkout, env, stdio: 'pipe', shell: '/bin/bash' });
  expect(readFileSync(path.join(checkout, 'supergraph.graphql'), 'utf8')).toContain(`url: "http://127.0.0.1:${base + 1}/graphql"`);

  // Its own process group (bash, npx, node): stopped whole at the end.
  hive = spawn('/bin/bash', ['-c', filledIn[1]], { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  hive.stdout?.on('data', (d) => (hiveOutput += d));
  hive.stderr?.on('data', (d) => (hiveOutput += d));
  const hiveUrl = `http://127.0.0.1:${hivePort}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    const ready = await fetch(`${hiveUrl}/readiness`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline || hive.exitCode !== null) throw new Error(`Hive Gateway did not start from the page's command:\n${hiveOutput.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  const query = { query: '{ me { email } organizations { nodes { name } } }' };
  const ask = async (url: string) =>
    (
      await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${account.apiKey}` },
        body: JSON.stringify(query),
      })
    ).json();
  const throughHive = await ask(hiveUrl);
  expect(throughHive).toEqual({ data: { me: { email: 'router@example.com' }, organizations: { nodes: [{ name: 'Own Router' }] } } });
  expect(throughHive).toEqual(await ask(service.url));
});
