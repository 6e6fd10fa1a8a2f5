import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RunningVigil, startVigil } from '../../app/vigil';
import { COMMANDS } from '../../cli/commands';
import { loadConfig } from '../../lib/config';
import { setLogLevel } from '../../lib/log';
import { startPgBouncer } from './pgbouncer';
import { proxyDatabase, type TcpProxy } from './tcp-proxy';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres';

/** A fresh PostgreSQL database for one test file, dropped at the end. */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vigil_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface Account {
  userId: string;
  organizationId: string;
  apiKey: string;
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestVigil {
  vigil: RunningVigil;
  url: string;
  databaseUrl: string;
  secret: string;
  /**
   * Another whole service on the same database with the same secret (a second gateway of one deployment),
   * with the first's default settings and `env` (not the first's own `env`); the caller closes it.
   */
  startAnother(env?: Settings): Promise<RunningVigil>;
  /** Runs the bootstrap command: a user, an organization it administers, an API key. */
  bootstrap(email: string, organization: string): Promise<Account>;
  rest<T = any>(method: string, path: string, options?: RequestOptions): Promise<HttpResult<T>>;
  graphql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    key?: string,
  ): Promise<HttpResult<{ data?: T; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }>>;
  close(): Promise<void>;
}

/** `signal`: the request is given up (its promise rejects) when it aborts. */
export interface RequestOptions {
  key?: string;
  body?: unknown;
  text?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export async function request(base: string, method: string, path: string, options: RequestOptions = {}): Promise<HttpResult> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined;
  if (options.text !== undefined) {
    headers['content-type'] ??= 'text/plain';
    body = options.text;
  } else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(base + path, { method, headers, body, signal: options.signal });
  const raw = await response.text();
  let parsed: unknown = raw;
  try {
    parsed = raw === '' ? undefined : JSON.parse(raw);
  } catch {
    parsed = raw;
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** A request that must answer 200 with a body (the failure names its path): the body. */
export async function answered200(base: string, who: { apiKey: string }, method: string, path: string, body?: unknown): Promise<any> {
  const answer = await request(base, method, path, { key: who.apiKey, ...(body === undefined ? {} : { body }) });
  expect([path, answer.status, answer.body]).toEqual([path, 200, expect.anything()]);
  return answer.body;
}

/**
 * A large POST on a connection of its own, for tests that act while the server works on it: `seen`
 * resolves once the server has the request (it answered `Expect: 100-continue`, so its 'request' event
 * has fired; the body is sent then), `answer` with the response, or rejects when the connection is cut.
 * A kept-alive connection could race the server's keep-alive timeout (5 s) on a loaded machine, and a
 * fixed wait may signal a server that has not yet read the request (a shutdown then cuts it as idle).
 */
export function postLarge(base: string, path: string, options: { key: string; body: string }): { seen: Promise<void>; answer: Promise<HttpResult> } {
  let seen!: () => void;
  const continued = new Promise<void>((resolve) => (seen = resolve));
  const answer = new Promise<HttpResult>((resolve, reject) => {
    const req = http.request(base + path, {
      method: 'POST',
      agent: false,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${options.key}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(options.body),
        expect: '100-continue',
      },
    });
    req.on('continue', () => {
      seen();
      req.end(options.body);
    });
    req.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: unknown = raw;
        try {
          body = raw === '' ? undefined : JSON.parse(raw);
        } catch {}
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve({ status: response.statusCode ?? 0, body, headers });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
  return { seen: continued, answer };
}

/**
 * `VIGIL_TEST_POOLER=pgbouncer npm run test:api`: every test service reaches its database through a PgBouncer of
 * its own in transaction pooling mode (test/support/pgbouncer.ts; migrations over DATABASE_DIRECT_URL), unless the
 * test gives DATABASE_URL itself (a proxy, the pooler test) — the whole API test through the pooler (issue 36
 * item 3). A test's own SQL (t.databaseUrl) still goes to PostgreSQL directly.
 */
const POOLED = process.env.VIGIL_TEST_POOLER === 'pgbouncer';

/** Environment variables of a test's service; one set to undefined takes its default. */
type Settings = Record<string, string | undefined>;

/**
 * For a test of the service riding out a fault, what startTestVigil turns off taken back to the defaults
 * of a deployment: the job runner runs every kind of job (the scan scheduler stays off), and refused keys
 * are limited per address.
 */
export const DEFAULT_JOBS_AND_KEY_LIMIT: Settings = { VIGIL_WORKERS: undefined, VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS: undefined };

/**
 * The whole service, in-process, on a fresh PostgreSQL database and free ports. `env`: more settings for
 * this instance (e.g. VIGIL_PUBLIC_URL), or a function of the test database's URL that returns them, at
 * once or when something it starts is up (test/app/pgbouncer.test.ts puts a pooler in front of the
 * database, test/app/database-outage.test.ts a proxy it stops: their DATABASE_URL replaces the database's).
 */
export async function startTestVigil(env: Settings | ((databaseUrl: string) => Settings | Promise<Settings>) = {}): Promise<TestVigil> {
  setLogLevel(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent');
  const database = await createTestDatabase();
  const own = typeof env === 'function' ? await env(database.url) : env;
  const bouncer = POOLED && !own.DATABASE_URL ? await startPgBouncer(new URL(database.url).host) : undefined;
  const pooler: Settings = bouncer
    ? { DATABASE_URL: bouncer.urlFor(database.url), DATABASE_DIRECT_URL: database.url, VIGIL_DATABASE_POOLING: 'transaction' }
    : {};
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-test-'));
  const secret = randomBytes(16).toString('hex');
  // Tests drive the scan scheduler themselves (runDueScans), so none runs in the background. Every test
  // calls from 127.0.0.1 and the authorization suites try hundreds of deleted keys: the failed-key
  // limit is off unless a test sets it (test/gateway/rate-limits.test.ts).
  const settings = {
    DATABASE_URL: database.url,
    PORT: '0',
    SUBGRAPH_BASE_PORT: '0',
    VIGIL_SECRET: secret,
    VIGIL_DATA_DIR: dataDir,
    VIGIL_SCHEDULER: 'off',
    VIGIL_WORKERS: 'none',
    VIGIL_RATE_LIMIT_FAILED_KEYS_PER_ADDRESS: '0',
  };
  const vigil = await startVigil(loadConfig({ ...settings, ...pooler, ...own })).catch(async (error) => {
    await bouncer?.stop(); // a service that did not start leaves no pooler running (jest would wait for it)
    throw error;
  });
  return {
    vigil,
    url: vigil.url,
    databaseUrl: database.url,
    secret,
    startAnother: (more = {}) => startVigil(loadConfig({ ...settings, ...pooler, ...more })),
    bootstrap: async (email, organization) => (await COMMANDS.bootstrap.run(vigil.db, { email, organization }, () => undefined)) as Account,
    rest: (method, p, options) => request(vigil.url, method, p, options),
    graphql: (query, variables, key) => request(vigil.url, 'POST', '/graphql', { key, body: { query, variables } }),
    async close() {
      await vigil.close();
      await bouncer?.stop();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestVigilBehindProxy extends TestVigil {
  proxy: TcpProxy;
}

/**
 * startTestVigil reaching its database through a proxy the test stops or stalls (tcp-proxy.ts), with the
 * job runner and failed-key limit of a deployment (DEFAULT_JOBS_AND_KEY_LIMIT) and `env`. close() lets
 * the proxy forward again, closes the service and then the proxy.
 */
export async function startTestVigilBehindProxy(env: Settings = {}): Promise<TestVigilBehindProxy> {
  let proxy: TcpProxy | undefined;
  const t = await startTestVigil(async (databaseUrl) => {
    const proxied = await proxyDatabase(databaseUrl);
    proxy = proxied.proxy;
    return { DATABASE_URL: proxied.url, ...DEFAULT_JOBS_AND_KEY_LIMIT, ...env };
  }).catch(async (error) => {
    // A service that did not start leaves no proxy listening (jest would wait for it).
    await proxy?.stop().catch(() => undefined);
    throw error;
  });
  const started = proxy as TcpProxy;
  return {
    ...t,
    proxy: started,
    async close() {
      started.resume();
      await t.close();
      await started.stop().catch(() => undefined);
    },
  };
}
