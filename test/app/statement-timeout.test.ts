import pg from 'pg';
import { type Account, DEFAULT_JOBS_AND_KEY_LIMIT, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * A database that stops answering a statement (here: a lock another session holds on the tables every
 * request reads) is found within VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: the request answers 503 with
 * Retry-After, as for a database that is away, instead of waiting for as long as the lock lasts; the
 * same connections serve again once the lock goes.
 */
jest.setTimeout(120_000);

let t: TestVigil;
let account: Account;

beforeAll(async () => {
  t = await startTestVigil({ ...DEFAULT_JOBS_AND_KEY_LIMIT, VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: '1000' });
  account = await t.bootstrap('slow@example.com', 'Slow');
});

afterAll(() => t?.close());

it('a statement held past the timeout answers 503 within seconds, and the service answers again after', async () => {
  const key = account.apiKey;
  expect((await t.rest('GET', '/me', { key })).status).toBe(200);

  const holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
  try {
    await holder.query('BEGIN');
    await holder.query(
      'LOCK TABLE organizations.api_keys, organizations.users, organizations.memberships, organizations.organizations IN ACCESS EXCLUSIVE MODE',
    );
    // Without a statement timeout the requests wait for the lock: it goes after 15 s, so that case fails on `waited`.
    const release = setTimeout(() => holder.query('ROLLBACK').catch(() => undefined), 15_000);
    const started = Date.now();
    const [rest, graphql] = await Promise.all([t.rest('GET', '/me', { key }), t.rest('POST', '/graphql', { key, body: { query: '{ me { email } }' } })]);
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
  expect((await t.rest('GET', '/me', { key })).status).toBe(200);
});
