import { randomUUID } from 'node:crypto';
import { createScanTarget, insertAlerts, insertRules } from '../support/alert-fixtures';
import { subscribe, untilLive, wsClient } from '../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

// A router in front of the subgraphs over graphql-ws (Apollo Router's passthrough mode, Hive Gateway's
// `kind: 'ws'`): one connection to the alerts subgraph carries several operations. A refused or ended
// operation answers its own error; the connection and its other operations go on.
jest.setTimeout(90_000);

const ROUTER_SECRET = 'test-router-secret-0123456789abcdef0123456789';
let t: TestVigil;
let acme: Account;
let stranger: Account;
let alerts: string[];
let target: string;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_ROUTER_SECRET: ROUTER_SECRET });
  acme = await t.bootstrap('admin@acme.test', 'Acme');
  stranger = await t.bootstrap('admin@stranger.test', 'Stranger');
  await insertRules(t.vigil.db);
  target = await createScanTarget(t.vigil.db, acme.organizationId, { name: 'prod-account', kind: 'AWS' });
  alerts = await insertAlerts(t.vigil.db, [
    { organizationId: acme.organizationId, scanTargetId: target, rule: 'aws-s3-bucket-public', resource: 'bucket-a', severity: 'HIGH' },
  ]);
});
afterAll(() => t?.close());

const ALERT_CHANGED = `subscription($org: ID!) { alertChanged(organizationId: $org) { cursor alert { id state labels } } }`;
const alertsSubgraphBase = () => String(t.vigil.subgraphs.alerts?.url).replace(/\/graphql$/, '');

async function label(value: string) {
  const res = await t.graphql(
    `mutation($org: ID!, $st: ID!, $id: ID!, $label: String!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, labels: [$label] }) { alert { id } } }`,
    { org: acme.organizationId, st: target, id: alerts[0], label: value },
    acme.apiKey,
  );
  expect(res.body.errors).toBeUndefined();
}

const liveStreams = (n: number) => untilLive(t.vigil, n, { ms: 30_000 });

describe("the subgraphs' graphql-ws, as a router's passthrough uses it", () => {
  it('answers a refused operation with its own coded error and keeps the other operation on the same connection delivering', async () => {
    const client = wsClient(alertsSubgraphBase(), { authorization: `Bearer ${acme.apiKey}`, 'x-vigil-router-secret': ROUTER_SECRET });
    const valid = subscribe(client, ALERT_CHANGED, { org: acme.organizationId });
    await liveStreams(1);
    // A stream of an organization the key is not a member of: refused, alone.
    const refused = subscribe(client, ALERT_CHANGED, { org: stranger.organizationId });
    await refused.waitForEnd();
    expect(refused.errors).toHaveLength(1);
    expect(refused.errors[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(typeof refused.errors[0].message).toBe('string');
    expect(refused.errors[0].message.length).toBeGreaterThan(0);
    expect(refused.closeCode).toBeUndefined();

    // The valid stream, on the same socket, still receives the next change.
    const after = randomUUID();
    await label(after);
    const [message] = await valid.waitFor(1);
    expect(message.alertChanged.alert).toMatchObject({ id: alerts[0], labels: [after] });
    expect(typeof message.alertChanged.cursor).toBe('string');
    valid.stop();
    await client.dispose();
  });
});
