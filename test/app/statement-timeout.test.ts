import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RunningVigil, startVigil } from '../../app/vigil';
import { COMMANDS } from '../../cli/commands';
import { loadConfig } from '../../lib/config';
import { setLogLevel } from '../../lib/log';
import { createTestDatabase, request } from '../support/vigil';

/**
 * A database that stops answering a statement (here: a lock another session holds on the tables every
 * request reads) is found within VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: the request answers 503 with
 * Retry-After, as for a database that is away, instead of waiting for as long as the lock lasts; the
 * same connections serve again once the lock goes.
 */
jest.setTimeout(120_000);

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let vigil: RunningVigil;
let account: { apiKey: string; organizationId: string };
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-statement-timeout-'));

beforeAll(async () => {
  setLogLevel('silent');
  database = await createTestDatabase();
  vigil = await startVigil(
    loadConfig({
      DATABASE_URL: database.url,
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_SECRET: randomBytes(8).toString('hex'),
      VIGIL_DATA_DIR: dataDir,
      VIGIL_SCHEDULER: 'off',
      VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: '1000',
    }),
  );
  account = (await COMMANDS.bootstrap.run(vigil.db, { email: 'slow@example.com', organization: 'Slow' }, () => undefined)) as typeof account;
});

afterAll(async () => {
  await vigil?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('a statement held past the timeout answers 503 within seconds, and the service answers again after', async () => {
  const key = account.apiKey;
  expect((await request(vigil.url, 'GET', '/me', { key })).status).toBe(200);

  const holder = new pg.Client({ connectionString: database.url });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(
      'LOCK TABLE organizations.api_keys, organizations.users, organizations.memberships, organizations.organizations IN ACCESS EXCLUSIVE MODE',
    );
    // Without a statement timeout the requests wait for the lock: it goes after 15 s, so that case fails on `waited`.
    const release = setTimeout(() => holder.query('ROLLBACK').catch(() => undefined), 15_000);
    const started = Date.now();
    const [rest, graphql] = await Promise.all([
      request(vigil.url, 'GET', '/me', { key }),
      request(vigil.url, 'POST', '/graphql', { key, body: { query: '{ me { email } }' } }),
    ]);
    const waited = Date.now() - started;
    clearTimeout(release);
    console.log(`held statement answered after ${waited} ms (timeout 1000 ms)`);
    expect(rest.status).toBe(503);
    expect(rest.body).toMatchObject({ statusCode: 503, error: 'ServiceUnavailable' });
    expect(rest.headers.get('retry-after')).toBeTruthy();
    expect(JSON.stringify(graphql.body)).toContain('SERVICE_UNAVAILABLE');
    expect(waited).toBeLessThan(10_000);
  } finally {
    await holder.query('ROLLBACK').catch(() => undefined);
    await holder.end();
  }
  expect((await request(vigil.url, 'GET', '/me', { key })).status).toBe(200);
});
