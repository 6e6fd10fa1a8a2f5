import { log } from '../../lib/log';
import { freePort } from '../support/processes';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * One classification for dependency failures in the log (issue 28): a remote subgraph that refuses
 * connections is logged as "dependency unreachable" at warn — as a database outage is — and never as
 * "internal error" at error level; the client gets 503 either way.
 */
jest.setTimeout(120_000);

let t: TestVigil;
let admin: Account;
beforeAll(async () => {
  // The questionnaires subgraph "runs" on a port nothing listens on: every call to it is refused.
  t = await startTestVigil({ QUESTIONNAIRES_URL: `http://127.0.0.1:${await freePort()}/graphql` });
  admin = await t.bootstrap('ops@refused.test', 'Refused Corp');
});
afterAll(() => t?.close());

it('a subgraph refusing connections: 503 to the client, a warn "dependency unreachable" in the log, no "internal error"', async () => {
  const warned = jest.spyOn(log, 'warn');
  const errored = jest.spyOn(log, 'error');
  try {
    const rest = await t.rest('GET', `/organizations/${admin.organizationId}/questionnaires`, { key: admin.apiKey });
    expect(rest.status).toBe(503);
    expect(rest.body).toMatchObject({ statusCode: 503, error: 'ServiceUnavailable' });
    const graphql = await t.graphql(`query($o: ID!) { questionnaires(organizationId: $o) { nodes { id } } }`, { o: admin.organizationId }, admin.apiKey);
    expect(graphql.status).toBe(503);
    expect(graphql.body.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    // What does not need the subgraph is served.
    expect((await t.rest('GET', '/me', { key: admin.apiKey })).status).toBe(200);

    const messages = (spy: jest.SpyInstance) => spy.mock.calls.map(([message]) => message);
    expect(messages(errored)).not.toContain('internal error');
    expect(messages(warned)).toContain('dependency unreachable');
  } finally {
    warned.mockRestore();
    errored.mockRestore();
  }
});
