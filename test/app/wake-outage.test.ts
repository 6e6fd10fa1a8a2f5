import { log } from '../../lib/log';
import { createScanTarget, FIXTURE_RULES, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type PrivateRedis, privateRedis, until } from '../support/redis-server';
import { subscribe, wsClient } from '../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * The live wake's Redis away (issue 28, the same rule for every dependency the service rides out):
 * with the wake on Redis pub/sub and a private redis-server killed under it, an open stream keeps
 * receiving changes through the fallback poll, the outage shows on /metrics
 * (`vigil_dependency_up{dependency="redis-pubsub"}`) and in the log once, and both recover when
 * Redis is back.
 */
jest.setTimeout(120_000);

let redis: PrivateRedis;
let t: TestVigil;
let acme: Account;

async function gauge(): Promise<string | undefined> {
  const text = (await t.rest('GET', '/metrics')).body as string;
  return /^vigil_dependency_up\{dependency="redis-pubsub"\} (\d)$/m.exec(text)?.[1];
}

beforeAll(async () => {
  redis = await privateRedis();
  await redis.start();
  t = await startTestVigil({ REDIS_URL: redis.url, VIGIL_SUBSCRIPTION_WAKE: 'redis', VIGIL_RATE_LIMIT_PER_KEY: '0' });
  acme = await t.bootstrap('admin@wake.test', 'Wake Corp');
  await insertRules(t.vigil.db);
});

afterAll(async () => {
  await t?.close();
  await redis.kill();
});

it('with the wake channel on Redis killed, a stream keeps receiving through the poll, the outage is on /metrics and logged once, and both recover', async () => {
  const target = await createScanTarget(t.vigil.db, acme.organizationId);
  const [alert] = await insertAlerts(t.vigil.db, [{ organizationId: acme.organizationId, scanTargetId: target, rule: FIXTURE_RULES[0].id, resource: 'r' }]);
  const touch = async (label: string) => {
    const res = await t.graphql(
      `mutation($o: ID!, $t: ID!, $a: ID!, $l: String!) { updateAlert(input: { organizationId: $o, scanTargetId: $t, alertId: $a, labels: [$l] }) { alert { id } } }`,
      { o: acme.organizationId, t: target, a: alert, l: label },
      acme.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
  };
  await until('the wake to be up', async () => (await gauge()) === '1');
  const client = wsClient(t.url, { apiKey: acme.apiKey });
  const stream = subscribe(client, `subscription($o: ID!) { alertChanged(organizationId: $o) { seq } }`, { o: acme.organizationId });
  await until('the stream to be live', async () => t.vigil.subscriptions.liveCount() === 1);

  const warned = jest.spyOn(log, 'warn');
  await redis.kill();
  await until('the gauge to read 0', async () => (await gauge()) === '0');
  await touch('during');
  await touch('during again');
  await stream.waitFor(2, 10_000);
  const outageLines = warned.mock.calls.filter(
    ([message, fields]) => message === 'dependency unreachable' && (fields as { dependency?: string })?.dependency === 'redis-pubsub',
  );
  expect(outageLines).toHaveLength(1);
  warned.mockRestore();

  await redis.start();
  await until('the gauge to read 1', async () => (await gauge()) === '1');
  await touch('after');
  await stream.waitFor(3, 10_000);
  await client.dispose();
});
