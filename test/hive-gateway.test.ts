import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUBGRAPH_NAMES } from '../lib/config';
import { composeSupergraph } from '../schema/compose';
import { freePort, ROOT } from './support/processes';
import { type Account, request, startTestVigil, type TestVigil } from './support/vigil';

// Stock Hive Gateway (the @graphql-hive/gateway CLI) in front of Vigil's subgraphs with the documented
// configuration only (deploy/hive-gateway/gateway.config.ts: hmacSignature with VIGIL_ROUTER_SECRET,
// Authorization forwarded), answering as Vigil's own gateway does (docs/own-router.md).
jest.setTimeout(120_000);

const ROUTER_SECRET = 'hive-router-secret-0123456789abcdef0123456789';
const HIVE_BIN = path.join(ROOT, 'node_modules', '@graphql-hive', 'gateway', 'dist', 'bin.js');
const CONFIG = path.join(ROOT, 'deploy', 'hive-gateway', 'gateway.config.ts');

let t: TestVigil;
let alice: Account;
let hive: ChildProcess;
let hiveUrl: string;
let dir: string;
let output = '';

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_ROUTER_SECRET: ROUTER_SECRET });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-hive-'));
  const supergraph = path.join(dir, 'supergraph.graphql');
  writeFileSync(supergraph, composeSupergraph(Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, t.vigil.subgraphs[name]?.url as string]))));
  const port = await freePort();
  hive = spawn(process.execPath, [HIVE_BIN, 'supergraph', supergraph, '--port', String(port), '--host', '127.0.0.1', '-c', CONFIG], {
    cwd: ROOT,
    env: { ...process.env, VIGIL_ROUTER_SECRET: ROUTER_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  hive.stdout?.on('data', (d) => (output += d));
  hive.stderr?.on('data', (d) => (output += d));
  hiveUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${hiveUrl}/readiness`).catch(() => undefined);
    if (ready?.ok) break;
    if (Date.now() > deadline || hive.exitCode !== null) throw new Error(`Hive Gateway did not start:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

afterAll(async () => {
  if (hive && hive.exitCode === null) {
    const exited = new Promise((resolve) => hive.once('exit', resolve));
    hive.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const viaHive = (query: string, variables?: Record<string, unknown>, key?: string) => request(hiveUrl, 'POST', '/graphql', { key, body: { query, variables } });

it("answers queries across subgraphs and a mutation as Vigil's gateway does", async () => {
  const group = await t.graphql(
    'mutation($o: ID!) { createScanTargetGroup(input: { organizationId: $o, name: "Oracle tenancy", kind: ORACLE }) { scanTargetGroup { id } } }',
    { o: alice.organizationId },
    alice.apiKey,
  );
  expect(group.body.errors).toBeUndefined();
  const across =
    'query($o: ID!) { me { id email } organization(id: $o) { id name } scanTargetGroups(organizationId: $o) { nodes { id name kind organization { id name } } } }';
  const expected = await t.graphql(across, { o: alice.organizationId }, alice.apiKey);
  expect(expected.body.data.scanTargetGroups.nodes[0].organization.name).toBe('Alice Corp');
  const answered = await viaHive(across, { o: alice.organizationId }, alice.apiKey);
  expect(answered.status).toBe(200);
  expect(answered.body).toEqual(expected.body);

  const renamed = await viaHive(
    'mutation($o: ID!) { updateOrganization(input: { organizationId: $o, name: "Alice Inc" }) { organization { id name } } }',
    { o: alice.organizationId },
    alice.apiKey,
  );
  expect(renamed.body).toEqual({ data: { updateOrganization: { organization: { id: alice.organizationId, name: 'Alice Inc' } } } });
  expect((await t.graphql('query($o: ID!) { organization(id: $o) { name } }', { o: alice.organizationId }, alice.apiKey)).body.data.organization.name).toBe(
    'Alice Inc',
  );
});

it('refuses an invalid key and a call without one, and another organization stays hidden', async () => {
  const invalid = await viaHive('{ me { id } }', undefined, 'vgl_not-a-key');
  expect(invalid.body.data ?? null).toBeNull();
  expect(invalid.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  expect(invalid.body.errors[0].message).toContain('The API key is not valid');
  const anonymous = await viaHive('{ me { id } }');
  expect(anonymous.body.data ?? null).toBeNull();
  expect(anonymous.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');

  const bob = await t.bootstrap('bob@example.com', 'Bob Corp');
  const foreign = 'query($o: ID!) { organization(id: $o) { id name } }';
  const expected = await t.graphql(foreign, { o: alice.organizationId }, bob.apiKey);
  expect(expected.body.data?.organization ?? null).toBeNull();
  const answered = await viaHive(foreign, { o: alice.organizationId }, bob.apiKey);
  expect(answered.body.data?.organization ?? null).toBeNull();
  expect(answered.body.errors[0].extensions.code).toBe(expected.body.errors?.[0].extensions?.code);
  expect(answered.body.errors[0].message).toBe(expected.body.errors?.[0].message);
});
