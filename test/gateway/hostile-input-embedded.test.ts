import { assertHostileCallsAnswerInShape, type HostileFixture, hostileRunSettings, INTROSPECTION } from '../support/hostile-input';
import { bootstrapCommand, embeddedEnvironment, type ServiceProcess, startServiceProcess } from '../support/processes';
import { request } from '../support/vigil';

/**
 * The hostile-input property suite against the embedded default: `npm start` with no DATABASE_URL
 * (PGlite, one connection), as a real process. A request whose SQL fails must not take the single
 * connection down for the requests after it, so the known-good request after every batch matters
 * most here.
 */

let service: ServiceProcess;
// Before the data directory's removal, which embeddedEnvironment registers (afterAll hooks run in their order).
afterAll(async () => {
  await service?.stop();
});
const env = embeddedEnvironment('hostile-embedded', { LOG_LEVEL: 'silent', VIGIL_SCHEDULER: 'off' });
let fixture: HostileFixture;

jest.setTimeout(180_000);

const bootstrap = (email: string, organization: string) => bootstrapCommand(env, email, organization);

beforeAll(async () => {
  const started = Date.now();
  service = await startServiceProcess(env);
  const up = Date.now();
  // One after the other: two bootstraps at once on the single PGlite connection can outwait Prisma's
  // 2 s transaction start ("Unable to start a transaction in the given time") on a busy machine.
  const admin = await bootstrap('hostile-admin@example.com', 'Hostile Org');
  const stranger = await bootstrap('hostile-stranger@example.com', 'Stranger Org');
  const key = admin.apiKey;
  const target = await request(service.url, 'POST', `/organizations/${admin.organizationId}/scantargets`, {
    key,
    body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
  });
  expect(target.status).toBe(200);
  const findings = ['a', 'b', 'c'].map((r) => ({ rule: 'aws-s3-bucket-public', resource: `arn:aws:s3:::${r}` }));
  const scan = await request(service.url, 'POST', `/organizations/${admin.organizationId}/scantargets/${target.body.id}/findings`, {
    key,
    body: { format: 'vigil', findings },
  });
  expect(scan.body).toMatchObject({ status: 'DONE' });
  const page = await request(service.url, 'POST', `/organizations/${admin.organizationId}/alerts?size=1`, { key, body: {} });
  expect(page.body.cursor).toEqual(expect.any(String));
  if (process.env.HOSTILE_INPUT_STATS) console.log(`embedded service up in ${up - started} ms, fixture in ${Date.now() - up} ms`);
  fixture = {
    url: service.url,
    apiKey: key,
    userId: admin.userId,
    ids: { organizationId: admin.organizationId, scanTargetId: target.body.id, alertId: page.body.data[0].id, foreignOrganizationId: stranger.organizationId },
    cursor: page.body.cursor,
  };
});

it('answers every REST route and GraphQL field, called with random and adversarial values, below 500 in the spec shape, and keeps serving on PGlite', async () => {
  const introspection = await request(service.url, 'POST', '/graphql', { key: fixture.apiKey, body: { query: INTROSPECTION } });
  expect(introspection.status).toBe(200);
  await assertHostileCallsAnswerInShape(fixture, introspection.body.data.__schema, hostileRunSettings(40));
  const ready = await request(service.url, 'GET', '/readyz');
  expect(ready.status).toBe(200);
});
