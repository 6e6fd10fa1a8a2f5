import { createHmac } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import { signInternalCommand, signPrincipal } from '../../lib/principal';
import { type Account, request, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * `/internal/commands` (the CLI reaching a running Vigil): only from this machine, only with a
 * signature made for that command and body; bootstrap never adds a key to an existing user (issue-key does).
 */

let t: TestVigil;
let alice: Account;

beforeAll(async () => {
  // Listening on every interface, so a non-loopback address can reach it.
  t = await startTestVigil({ HOST: '0.0.0.0' });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
});
afterAll(() => t.close());

async function runCommand(base: string, name: string, body: string, headers: Record<string, string>) {
  const res = await fetch(`${base}/internal/commands/${name}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  const text = await res.text();
  return {
    status: res.status,
    lines: text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line)),
  };
}

const keyCount = async (email: string) =>
  Number(
    (await t.vigil.db.pool.query(`SELECT count(*) FROM organizations.api_keys k JOIN organizations.users u ON u.id = k."userId" WHERE u.email = $1`, [email]))
      .rows[0].count,
  );

it('refuses a principal header captured from a gateway→subgraph call, replayed to bootstrap an existing user', async () => {
  // Exactly what the gateway sends a subgraph (lib/principal.ts), for an anonymous caller.
  const operation = { query: '{ __typename }' };
  const captured = signPrincipal(t.secret, null, operation);
  const body = JSON.stringify({ email: 'alice@example.com', organization: 'Alice Corp' });
  const before = await keyCount('alice@example.com');
  const replayed = await runCommand(t.url, 'bootstrap', body, captured);
  expect(replayed.status).toBe(401);
  expect(replayed.lines[0]).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
  // The header as gateways signed it before purpose keys (HMAC of the payload with the secret itself).
  const payload = Buffer.from(JSON.stringify({ p: null, t: Date.now() })).toString('base64url');
  const legacy = { 'x-vigil-principal': payload, 'x-vigil-signature': createHmac('sha256', t.secret).update(payload).digest('hex') };
  const replayedLegacy = await runCommand(t.url, 'bootstrap', body, legacy);
  expect(replayedLegacy.status).toBe(401);
  expect(await keyCount('alice@example.com')).toBe(before);
});

it("issues a new key to an existing user (the operator's way back in after a lost key), and refuses an unknown email", async () => {
  const before = await keyCount('alice@example.com');
  const body = JSON.stringify({ email: 'alice@example.com' });
  const issued = await runCommand(t.url, 'issue-key', body, signInternalCommand(t.secret, 'issue-key', body));
  expect(issued.status).toBe(200);
  const { apiKey } = issued.lines.at(-1).result as { apiKey: string };
  expect((await request(t.url, 'GET', '/me', { key: apiKey })).body).toMatchObject({ email: 'alice@example.com' });
  expect(await keyCount('alice@example.com')).toBe(before + 1);

  const unknown = JSON.stringify({ email: 'nobody@example.com' });
  const refused = await runCommand(t.url, 'issue-key', unknown, signInternalCommand(t.secret, 'issue-key', unknown));
  expect(refused.lines.at(-1)).toEqual({ error: expect.stringMatching(/User not found/) });
});

it('refuses a command signature replayed with another body', async () => {
  const signedFor = JSON.stringify({ email: 'new@example.com', organization: 'New Corp' });
  const other = JSON.stringify({ email: 'other@example.com', organization: 'Other Corp' });
  const res = await runCommand(t.url, 'bootstrap', other, signInternalCommand(t.secret, 'bootstrap', signedFor));
  expect(res.status).toBe(401);
  expect(res.lines[0].message).toMatch(/another request/);
  expect(await keyCount('other@example.com')).toBe(0);
});

it('bootstraps a new user, but does not mint a key for an existing email', async () => {
  const fresh = JSON.stringify({ email: 'new@example.com', organization: 'New Corp' });
  const created = await runCommand(t.url, 'bootstrap', fresh, signInternalCommand(t.secret, 'bootstrap', fresh));
  expect(created.status).toBe(200);
  expect(created.lines.at(-1).result).toMatchObject({ apiKey: expect.any(String), organizationId: expect.any(String) });
  expect((await request(t.url, 'GET', '/me', { key: created.lines.at(-1).result.apiKey })).body).toMatchObject({ email: 'new@example.com' });

  const before = await keyCount('alice@example.com');
  const existing = JSON.stringify({ email: 'alice@example.com', organization: 'Alice Corp' });
  const refused = await runCommand(t.url, 'bootstrap', existing, signInternalCommand(t.secret, 'bootstrap', existing));
  expect(refused.lines.at(-1)).toEqual({ error: expect.stringMatching(/A user with this email exists/) });
  expect(refused.lines.some((line) => 'result' in line)).toBe(false);
  expect(await keyCount('alice@example.com')).toBe(before);
});

it('is served to loopback callers only', async () => {
  const external = Object.values(os.networkInterfaces())
    .flat()
    .find((a) => a && a.family === 'IPv4' && !a.internal);
  // This machine has a non-loopback interface (the test needs one to prove anything).
  expect(external).toBeDefined();
  const body = JSON.stringify({ email: 'remote@example.com', organization: 'Remote Corp' });
  const remote = await runCommand(`http://${external!.address}:${t.vigil.port}`, 'bootstrap', body, signInternalCommand(t.secret, 'bootstrap', body));
  expect(remote.status).toBe(403);
  expect(await keyCount('remote@example.com')).toBe(0);
  // The same request from loopback is served (positive control).
  const local = await runCommand(t.url, 'bootstrap', body, signInternalCommand(t.secret, 'bootstrap', body));
  expect(local.status).toBe(200);
  expect(await keyCount('remote@example.com')).toBe(1);
});

describe('request ids', () => {
  it('echo a safe x-request-id and replace an unsafe one', async () => {
    const safe = await request(t.url, 'GET', '/me', { key: alice.apiKey, headers: { 'x-request-id': 'trace-1.a_B' } });
    expect(safe.headers.get('x-request-id')).toBe('trace-1.a_B');
    for (const unsafe of ['a b', 'x'.repeat(129), '<script>', '../../etc', '{"json":1}']) {
      const res = await request(t.url, 'GET', '/me', { key: alice.apiKey, headers: { 'x-request-id': unsafe } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});

describe('slow clients', () => {
  let slow: TestVigil;
  beforeAll(async () => {
    slow = await startTestVigil({ VIGIL_HEADERS_TIMEOUT_MS: '1000', VIGIL_REQUEST_TIMEOUT_MS: '30000' });
  });
  afterAll(() => slow?.close());

  // The headers timeout (1 s, checked every 250 ms) answers ~1.1 s after connecting. Without it the connection would
  // be held 30 s (the request timeout here), 60 s (node:http's headersTimeout) or until a check every 30 s (node's
  // connectionsCheckingInterval): a client that gives up at 15 s tells them apart with a margin that holds on a
  // loaded machine (a fixed 5 s bar raced the load).
  const GIVE_UP_MS = 15_000;

  it('that never finish their headers are answered 408 and disconnected', async () => {
    const started = performance.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(slow.vigil.port, '127.0.0.1', () => socket.write('GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: '));
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server kept the connection open for ${GIVE_UP_MS} ms`));
      }, GIVE_UP_MS).unref();
    });
    const ms = performance.now() - started;
    console.log(
      `headers never finished: answered ${answer.split('\r\n')[0]} after ${ms.toFixed(0)} ms (headers timeout 1000 ms, load ${os.loadavg()[0].toFixed(1)})`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    // It did wait for the headers timeout (a lower bound: a loaded machine only makes it later).
    expect(ms).toBeGreaterThanOrEqual(1000);
  });
});
