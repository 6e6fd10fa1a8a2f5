import { randomUUID } from 'node:crypto';
import { createClient as createSseClient } from 'graphql-sse';
import WebSocket from 'ws';
import { EventTail } from '../../../lib/event-tail';
import { recordEventSql } from '../../../lib/events';
import { createScanTarget, FIXTURE_RULES, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { sseSubscribe, subscribe, untilLive, untilNoSessions, wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Live streams no client can disturb: a subscription's variables are coerced and refused as a
 * query's are (same code over HTTP, graphql-ws and SSE) before any stream starts, a failing
 * subscriber never holds back the shared tail, and an open stream follows the viewer's follows
 * both ways, as GET /events does.
 */
jest.setTimeout(90_000);

let t: TestVigil;
let acme: Account;
let beta: Account;
let acmeTarget: string;
let betaTarget: string;
let acmeAlert: string;
let betaAlert: string;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_SUBSCRIPTION_RECHECK_MS: '60000' });
  acme = await t.bootstrap('admin@acme.test', 'Acme');
  beta = await t.bootstrap('admin@beta.test', 'Beta');
  await insertRules(t.vigil.db);
  acmeTarget = await createScanTarget(t.vigil.db, acme.organizationId);
  betaTarget = await createScanTarget(t.vigil.db, beta.organizationId);
  [acmeAlert] = await insertAlerts(t.vigil.db, [
    { organizationId: acme.organizationId, scanTargetId: acmeTarget, rule: FIXTURE_RULES[0].id, resource: 'bucket-a' },
  ]);
  [betaAlert] = await insertAlerts(t.vigil.db, [
    { organizationId: beta.organizationId, scanTargetId: betaTarget, rule: FIXTURE_RULES[0].id, resource: 'bucket-b' },
  ]);
});

afterAll(async () => {
  await t?.close();
});

async function gql(query: string, variables: Record<string, unknown>, key: string) {
  const res = await t.graphql(query, variables, key);
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
  return res.body.data;
}

const UPDATE = `mutation($org: ID!, $st: ID!, $id: ID!, $label: String!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, labels: [$label] }) { alert { id } } }`;
const touch = (who: Account, scanTargetId: string, alertId: string) =>
  gql(UPDATE, { org: who.organizationId, st: scanTargetId, id: alertId, label: randomUUID() }, who.apiKey);

const live = (n: number) => untilLive(t.vigil, n);

const ALERT_CHANGED = `subscription($org: ID!, $states: [AlertState!], $sev: [AlertSeverity!]) { alertChanged(organizationId: $org, states: $states, severities: $sev) { seq event } }`;
const BAD_VARIABLES: Array<[string, Record<string, unknown>]> = [
  ['a number for a list of states', { states: 5 }],
  ['an unknown state', { states: ['BOGUS'] }],
  ['a null state', { states: [null] }],
  ['a state in the wrong case', { states: ['in_progress'] }],
  ['an object for an ID', { org: { x: 1 } }],
];

describe("a subscription's variables", () => {
  it.each(BAD_VARIABLES)('%s is refused before the stream starts, with the code a query gets over HTTP, on graphql-ws and SSE', async (_name, bad) => {
    const variables = { org: acme.organizationId, ...bad };
    const http = await t.graphql(
      `query($org: ID!, $states: [AlertStateFilter!]) { alertSummary: alerts(organizationId: $org, filter: { states: $states }) { __typename } }`,
      variables,
      acme.apiKey,
    );
    const httpCode = http.body.errors?.[0]?.extensions?.code;
    expect(httpCode).toBe('BAD_USER_INPUT');

    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const ws = subscribe(client, ALERT_CHANGED, variables);
    await ws.waitForEnd();
    expect(ws.data).toEqual([]);
    const wsErrors = ws.errors.flatMap((e) => (Array.isArray(e) ? e : [e]));
    expect(wsErrors[0]?.extensions?.code).toBe(httpCode);
    await client.dispose();

    const sse = sseSubscribe(t.url, acme.apiKey, ALERT_CHANGED, variables);
    await sse.waitForEnd();
    expect(sse.data).toEqual([]);
    const sseErrors = sse.errors.flatMap((e) => (Array.isArray(e) ? e : (e?.errors ?? [e])));
    expect(sseErrors[0]?.extensions?.code).toBe(httpCode);
    expect(t.vigil.subscriptions.liveCount()).toBe(0);
  });

  it('a document that does not validate gets the code HTTP gives it (GRAPHQL_VALIDATION_FAILED) on graphql-ws and SSE', async () => {
    const invalid = `subscription($org: ID!) { alertChanged(organizationId: $org) { seq nope } }`;
    const http = await t.graphql(`query($org: ID!) { alerts(organizationId: $org) { nope } }`, { org: acme.organizationId }, acme.apiKey);
    expect(http.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const ws = subscribe(client, invalid, { org: acme.organizationId });
    await ws.waitForEnd();
    const wsErrors = ws.errors.flatMap((e) => (Array.isArray(e) ? e : [e]));
    expect(wsErrors[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    await client.dispose();
    const sse = sseSubscribe(t.url, acme.apiKey, invalid, { org: acme.organizationId });
    await sse.waitForEnd();
    const sseErrors = sse.errors.flatMap((e) => (Array.isArray(e) ? e : (e?.errors ?? [e])));
    expect(sseErrors[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it("a malformed subscriber of one organization does not delay another organization's stream", async () => {
    const badClient = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const bad = subscribe(badClient, ALERT_CHANGED, { org: acme.organizationId, states: 5 });
    const goodClient = wsClient(t.url, { authorization: `Bearer ${beta.apiKey}` });
    const good = subscribe(goodClient, ALERT_CHANGED, { org: beta.organizationId });
    await live(1);
    await touch(acme, acmeTarget, acmeAlert);
    await touch(beta, betaTarget, betaAlert);
    await touch(beta, betaTarget, betaAlert);
    await good.waitFor(2, 5000);
    expect(good.data.map((d) => d.alertChanged.event)).toEqual(['ALERT_UPDATED', 'ALERT_UPDATED']);
    expect(bad.data).toEqual([]);
    await badClient.dispose();
    await goodClient.dispose();
  });
});

describe('the shared tail', () => {
  it('hands every entry to the other listeners when one listener throws, and does not read an entry twice', async () => {
    const tail = new EventTail(t.vigil.db.pool, () => 60_000);
    await tail.start();
    const seen: string[] = [];
    const stopBad = tail.listen([acme.organizationId], () => {
      throw new TypeError('list.includes is not a function');
    });
    const stopGood = tail.listen([acme.organizationId], (row) => seen.push(row.seq));
    for (let i = 0; i < 2; i++)
      await recordEventSql(t.vigil.db.pool, { organizationId: acme.organizationId, name: 'OrganizationUpdated', source: 'service.organization', data: { i } });
    await tail.settled();
    await tail.settled();
    expect(seen).toHaveLength(2);
    expect(new Set(seen).size).toBe(2);
    stopBad();
    stopGood();
    await tail.close();
  });
});

describe('an open stream follows the viewer’s follows', () => {
  const EVENTS = `subscription($org: ID!, $names: [EventName!]) { eventAppended(organizationId: $org, names: $names) { cursor event { name data } } }`;
  const FOLLOWING = `subscription($org: ID!) { followingAlertChanged(organizationId: $org) { seq event alert { id resource } } }`;

  async function startFollowing(follower: Account, followed: Account) {
    await gql(
      `mutation($org: ID!, $token: ID!) { createFollowerRequest(input: { organizationId: $org, token: $token }) { followerRequest { id } } }`,
      { org: followed.organizationId, token: follower.organizationId },
      followed.apiKey,
    );
    await gql(
      `mutation($org: ID!, $id: ID!) { acceptFollowingRequest(input: { organizationId: $org, followingId: $id }) { following { id } } }`,
      { org: follower.organizationId, id: followed.organizationId },
      follower.apiKey,
    );
  }
  const stopFollowing = (follower: Account, followed: Account) =>
    gql(
      `mutation($org: ID!, $id: ID!) { stopFollowing(input: { organizationId: $org, followingId: $id }) { deletedId } }`,
      { org: follower.organizationId, id: followed.organizationId },
      follower.apiKey,
    );

  it.each(['ws', 'sse'])(
    'over %s: a follow accepted while open starts the followed alerts, a follow stopped ends them, as the REST log shows',
    async (transport) => {
      // Gamma, followed by Beta throughout: its change after Acme's is the sentinel of both streams.
      const gamma = await t.bootstrap(`admin@gamma-${transport}.test`, `Gamma ${transport}`);
      const gammaTarget = await createScanTarget(t.vigil.db, gamma.organizationId);
      const [gammaAlert] = await insertAlerts(t.vigil.db, [
        { organizationId: gamma.organizationId, scanTargetId: gammaTarget, rule: FIXTURE_RULES[0].id, resource: 'bucket-g' },
      ]);
      await startFollowing(beta, gamma);
      const client = transport === 'ws' ? wsClient(t.url, { authorization: `Bearer ${beta.apiKey}` }) : null;
      const names = ['ALERT_FOLLOWING_UPDATED', 'FOLLOWING_ACCEPTED', 'FOLLOWING_REMOVED'];
      const restSpelling = ['AlertFollowingUpdated', 'FollowingAccepted', 'FollowingRemoved'];
      const events = client
        ? subscribe(client, EVENTS, { org: beta.organizationId, names })
        : sseSubscribe(t.url, beta.apiKey, EVENTS, { org: beta.organizationId, names });
      const following = client
        ? subscribe(client, FOLLOWING, { org: beta.organizationId })
        : sseSubscribe(t.url, beta.apiKey, FOLLOWING, { org: beta.organizationId });
      await live(2);

      await startFollowing(beta, acme);
      await touch(acme, acmeTarget, acmeAlert);
      await events.waitFor(2, 10_000);
      await following.waitFor(1, 10_000);
      expect(events.data.map((d) => d.eventAppended.event.name)).toEqual(['FOLLOWING_ACCEPTED', 'ALERT_FOLLOWING_UPDATED']);
      expect(following.data[0].followingAlertChanged).toMatchObject({
        event: 'ALERT_FOLLOWING_UPDATED',
        alert: { id: `followed:${acmeAlert}`, resource: '[censored]' },
      });

      await stopFollowing(beta, acme);
      await events.waitFor(3, 10_000);
      await touch(acme, acmeTarget, acmeAlert);
      // The sentinel: a change of Gamma's (still followed) after Acme's; both streams deliver in log order,
      // so once it has arrived Acme's would have too.
      await touch(gamma, gammaTarget, gammaAlert);
      await events.waitFor(4, 10_000);
      await following.waitFor(2, 10_000);
      const streamed = events.data.map((d) => [d.eventAppended.event.name, d.eventAppended.event.data.id ?? null]);
      expect(streamed).toEqual([
        ['FOLLOWING_ACCEPTED', acme.organizationId],
        ['ALERT_FOLLOWING_UPDATED', acmeAlert],
        ['FOLLOWING_REMOVED', acme.organizationId],
        ['ALERT_FOLLOWING_UPDATED', gammaAlert],
      ]);
      expect(following.data.map((d) => d.followingAlertChanged.alert.id)).toEqual([`followed:${acmeAlert}`, `followed:${gammaAlert}`]);
      expect(following.errors).toEqual([]);

      const rest = await t.rest('GET', `/organizations/${beta.organizationId}/events?size=100`, { key: beta.apiKey });
      const restEvents = (rest.body.items ?? rest.body.data ?? rest.body) as Array<{ name: string; data: { id?: string } }>;
      const restNames = restEvents.map((e) => e.name).filter((n: string) => restSpelling.includes(n));
      expect(restNames.filter((n: string) => n !== 'AlertFollowingUpdated').slice(-2)).toEqual(['FollowingAccepted', 'FollowingRemoved']);
      expect(restEvents.filter((e) => e.name === 'AlertFollowingUpdated').map((e) => e.data.id)).not.toContain(acmeAlert);
      expect(restEvents.filter((e) => e.name === 'AlertFollowingUpdated').map((e) => e.data.id)).toContain(gammaAlert);

      if (client) await client.dispose();
      else {
        events.stop();
        following.stop();
      }
      await untilNoSessions(t.vigil, 10_000);
    },
  );
});

describe('graphql-sse single-connection mode', () => {
  it('works end to end with the official client: subscribe, receive, complete, resume from the cursor', async () => {
    const client = createSseClient({
      url: `${t.url}/graphql/stream`,
      headers: { authorization: `Bearer ${acme.apiKey}` },
      singleConnection: true,
      retryAttempts: 0,
    });
    const query = `subscription($org: ID!, $after: String) { alertChanged(organizationId: $org, after: $after) { cursor seq event } }`;
    const open = (after: string | null) => {
      const got: any[] = [];
      const errors: unknown[] = [];
      const stop = client.subscribe(
        { query, variables: { org: acme.organizationId, after } },
        { next: (m) => got.push(m), error: (e) => errors.push(e), complete: () => undefined },
      );
      const waitFor = async (n: number) => {
        const deadline = Date.now() + 10_000;
        while (got.length < n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(errors).toEqual([]);
        return got.map((m) => m.data?.alertChanged ?? m);
      };
      return { stop, waitFor };
    };
    const first = open(null);
    await live(1);
    await touch(acme, acmeTarget, acmeAlert);
    await touch(acme, acmeTarget, acmeAlert);
    const received = await first.waitFor(2);
    expect(received.map((m) => m.event)).toEqual(['ALERT_UPDATED', 'ALERT_UPDATED']);
    first.stop();
    const deadline = Date.now() + 10_000;
    while (t.vigil.subscriptions.liveCount() > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    await touch(acme, acmeTarget, acmeAlert);
    // Resumed after the first message: the second one and the one made while away, once each, then live ones.
    const resumed = open(received[0].cursor);
    await live(1);
    await touch(acme, acmeTarget, acmeAlert);
    const again = await resumed.waitFor(3);
    expect(again.map((m) => m.seq)).toEqual([received[1].seq, ...again.slice(1).map((m) => m.seq)]);
    expect(new Set(again.map((m) => m.seq)).size).toBe(3);
    expect(Number(again[1].seq)).toBeGreaterThan(Number(received[1].seq));
    resumed.stop();
    client.dispose();
  });

  it('a reservation needs a key and serves only the key that made it', async () => {
    const anonymous = await fetch(`${t.url}/graphql/stream`, { method: 'PUT' });
    expect(anonymous.status).toBe(401);
    const reserved = await fetch(`${t.url}/graphql/stream`, { method: 'PUT', headers: { authorization: `Bearer ${acme.apiKey}` } });
    expect(reserved.status).toBe(201);
    const token = await reserved.text();
    for (const headers of [{}, { authorization: `Bearer ${beta.apiKey}` }] as Array<Record<string, string>>) {
      const stream = await fetch(`${t.url}/graphql/stream?token=${token}`, { headers: { accept: 'text/event-stream', ...headers } });
      expect([401, 404]).toContain(stream.status);
      await stream.body?.cancel();
      const operation = await fetch(`${t.url}/graphql/stream`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-event-stream-token': token, ...headers },
        body: JSON.stringify({ query: ALERT_CHANGED, variables: { org: acme.organizationId }, extensions: { operationId: 'x' } }),
      });
      expect([401, 404]).toContain(operation.status);
    }
  });
});

describe('graphql-ws frames', () => {
  it('a binary frame closes the connection with 4400 and runs nothing', async () => {
    const socket = new WebSocket(`${t.url.replace('http', 'ws')}/graphql`, 'graphql-transport-ws');
    await new Promise((resolve) => socket.once('open', resolve));
    const messages: string[] = [];
    socket.on('message', (m) => messages.push(String(m)));
    socket.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${acme.apiKey}` } }));
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.send(Buffer.from(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: '{ me { id } }' } })), { binary: true });
    expect(await closed).toBe(4400);
    expect(messages.filter((m) => m.includes('"next"'))).toEqual([]);
  });
});
