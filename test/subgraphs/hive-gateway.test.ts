import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient as createWsClient } from 'graphql-ws';
import WebSocket from 'ws';
import { SUBGRAPH_NAMES } from '../../lib/config';
import { composeSupergraph } from '../../schema/compose';
import { ROUTER_SECRET_HEADER } from '../../subgraphs/router-auth';
import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../support/alert-fixtures';
import { HIVE_CONFIG, HIVE_WS_CONFIG, type HiveGateway, startHive, viaHiveStream as streamVia } from '../support/hive-gateway';
import { type Received, sseSubscribe, subscribe, untilLive, untilNoSessions } from '../support/subscription-clients';
import { type Account, request, startTestVigil, type TestVigil } from '../support/vigil';

// Stock Hive Gateway (the @graphql-hive/gateway CLI) in front of Vigil's subgraphs with the documented
// configuration only (deploy/hive-gateway/gateway.config.ts: hmacSignature with VIGIL_ROUTER_SECRET,
// Authorization forwarded), answering as Vigil's own gateway does (docs/own-router.md) — queries,
// mutations, a follower's censored list, and subscriptions passed through to the subgraphs over SSE
// (Hive Gateway's default) or graphql-ws (gateway-ws.config.ts), resumed with a cursor, a stranger's and an
// unknown key's refused, and ended at once when the key is deleted (the wake: the re-check is an hour).
jest.setTimeout(120_000);

const ROUTER_SECRET = 'hive-router-secret-0123456789abcdef0123456789';

let t: TestVigil;
let alice: Account;
/** Hive Gateway with each shipped configuration: subscriptions to the subgraphs over SSE, and over graphql-ws. */
let hive: HiveGateway;
let hiveWs: HiveGateway;
let hiveUrl: string;
let dir: string;
let viewer: Account;
let alerts: string[];
let awsTarget: string;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_ROUTER_SECRET: ROUTER_SECRET, VIGIL_SUBSCRIPTION_RECHECK_MS: '3600000' });
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  viewer = await t.bootstrap('viewer@example.com', 'Viewer Corp');
  await insertRules(t.vigil.db);
  awsTarget = await createScanTarget(t.vigil.db, alice.organizationId, { name: 'prod-account', kind: 'AWS' });
  await follow(t.vigil.db, viewer.organizationId, alice.organizationId, ['suppliers']);
  alerts = await insertAlerts(t.vigil.db, [
    { organizationId: alice.organizationId, scanTargetId: awsTarget, rule: FIXTURE_RULES[0].id, resource: 'bucket-a', severity: 'HIGH' },
    { organizationId: alice.organizationId, scanTargetId: awsTarget, rule: FIXTURE_RULES[1].id, resource: 'bucket-b', severity: 'LOW' },
  ]);
  dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-hive-'));
  const supergraph = path.join(dir, 'supergraph.graphql');
  writeFileSync(supergraph, composeSupergraph(Object.fromEntries(SUBGRAPH_NAMES.map((name) => [name, t.vigil.subgraphs[name]?.url as string]))));
  const env = { VIGIL_ROUTER_SECRET: ROUTER_SECRET };
  [hive, hiveWs] = await Promise.all([startHive(supergraph, HIVE_CONFIG, env), startHive(supergraph, HIVE_WS_CONFIG, env)]);
  hiveUrl = hive.url;
});

afterAll(async () => {
  await Promise.all([hive?.stop(), hiveWs?.stop()]);
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
  // The HTTP status is the router's own (docs/own-router.md, "Refusals through a router"): 401 through Vigil, 200 through Hive.
  expect([(await t.graphql('{ me { id } }', undefined, 'vgl_not-a-key')).status, invalid.status]).toEqual([401, 200]);
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
  // A lookup of a foreign id answers null with no error (docs/api.md), through Vigil and through Hive alike.
  expect(expected.body.errors).toBeUndefined();
  expect(answered.body.errors).toBeUndefined();
});

const ALERT_PAGE = `query($o: ID!) { alerts(organizationId: $o, first: 10) { nodes { id state severity resource organization { id name } scanTarget { name kind } ruleTitle } pageInfo { hasNextPage endCursor } } }`;
const FOLLOWING_PAGE = `query($o: ID!) { followingAlerts(organizationId: $o, first: 10) { nodes { id state severity resource labels organization { name } ruleTitle } } }`;

it("answers an alert page and a follower's censored list as Vigil's gateway does", async () => {
  for (const [query, account] of [
    [ALERT_PAGE, alice],
    [FOLLOWING_PAGE, viewer],
  ] as const) {
    const expected = await t.graphql(query, { o: account.organizationId }, account.apiKey);
    expect(expected.body.errors).toBeUndefined();
    // A member sees the resource; the follower sees it censored.
    expect(JSON.stringify(expected.body.data)).toContain(account === alice ? 'bucket-a' : '[censored]');
    expect(JSON.stringify(expected.body.data)).not.toContain(account === alice ? '[censored]' : 'bucket-a');
    const answered = await viaHive(query, { o: account.organizationId }, account.apiKey);
    expect(answered.body).toEqual(expected.body);
  }
});

const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Organization { name } ... on Alert { alertId resource severity organization { name } } ... on ScanTarget { name kind } } }`;

it("answers node(id:) and nodes(ids:) as Vigil's gateway does: a member's objects whole, a follower's alert copy censored, a stranger's null", async () => {
  const stranger = await t.bootstrap('stranger-node@example.com', 'Stranger Node Corp');
  const ids = [alice.organizationId, alerts[0], `followed:${alerts[0]}`, awsTarget];
  for (const [account, shown] of [
    [alice, [true, true, true, true]],
    [viewer, [true, false, true, false]],
    [stranger, [false, false, false, false]],
  ] as const) {
    const expected = await t.graphql(NODES, { ids }, account.apiKey);
    expect(expected.body.errors).toBeUndefined();
    expect(expected.body.data.nodes.map((n: unknown) => n !== null)).toEqual(shown);
    const answered = await viaHive(NODES, { ids }, account.apiKey);
    expect(answered.body).toEqual(expected.body);
  }
  const byNode = await viaHive('query($id: ID!) { node(id: $id) { id ... on Alert { resource } } }', { id: `followed:${alerts[0]}` }, viewer.apiKey);
  expect(byNode.body).toEqual({ data: { node: { id: `followed:${alerts[0]}`, resource: '[censored]' } } });
});

const viaHiveStream = (key: string, query: string, variables: Record<string, unknown>, base = hiveUrl) => streamVia(base, key, query, variables);

/** Until `n` streams are live (past catch-up) in Vigil's process — the gateway's and the subgraphs' share its hub. */
const live = (n: number) => untilLive(t.vigil, n, { detail: () => `${hive.output().slice(-1000)}${hiveWs.output().slice(-1000)}` });

const UPDATE_ALERT = `mutation($o: ID!, $st: ID!, $id: ID!, $state: AlertState!) { updateAlert(input: { organizationId: $o, scanTargetId: $st, alertId: $id, state: $state }) { alert { id state } } }`;
const ALERT_CHANGED = `subscription($o: ID!, $after: String) { alertChanged(organizationId: $o, severities: [HIGH], after: $after) { cursor event seq alert(lang: EN_US) { id state resource organization { name } scanTarget { kind name } ruleTitle } } }`;
const FOLLOWING_CHANGED = `subscription($o: ID!) { followingAlertChanged(organizationId: $o) { cursor event alert { id state resource labels organization { name } } } }`;
const EVENTS = `subscription($o: ID!) { eventAppended(organizationId: $o, names: [ALERT_UPDATED]) { cursor event { id name source data } } }`;

async function stopAll(...subs: Array<{ stop(): void; client?: { dispose(): void } }>) {
  for (const sub of subs) {
    sub.stop();
    sub.client?.dispose();
  }
  await untilNoSessions(t.vigil);
}

it("streams alert changes, a follower's censored changes and events through Hive Gateway as Vigil's gateway does, another subgraph's field included", async () => {
  const o = alice.organizationId;
  const hive = [
    viaHiveStream(alice.apiKey, ALERT_CHANGED, { o }),
    viaHiveStream(viewer.apiKey, FOLLOWING_CHANGED, { o: viewer.organizationId }),
    viaHiveStream(alice.apiKey, EVENTS, { o }),
  ];
  const vigil: Array<Received & { stop(): void }> = [
    sseSubscribe(t.url, alice.apiKey, ALERT_CHANGED, { o }),
    sseSubscribe(t.url, viewer.apiKey, FOLLOWING_CHANGED, { o: viewer.organizationId }),
    sseSubscribe(t.url, alice.apiKey, EVENTS, { o }),
  ];
  await live(6);
  // Through Hive Gateway: the mutation reaches the alerts subgraph directly, which wakes the streams.
  const updated = await viaHive(UPDATE_ALERT, { o, st: awsTarget, id: alerts[1], state: 'FALSE_POSITIVE' }, alice.apiKey); // LOW: not in alertChanged
  expect(updated.body.errors).toBeUndefined();
  await viaHive(UPDATE_ALERT, { o, st: awsTarget, id: alerts[0], state: 'IN_PROGRESS' }, alice.apiKey);
  for (const [i, n] of [
    [0, 1],
    [1, 2],
    [2, 2],
  ])
    await Promise.all([hive[i].waitFor(n), vigil[i].waitFor(n)]);
  // The organization's name is the organizations subgraph's: Hive Gateway resolved it from the event's entity key.
  const name = (await t.graphql('query($o: ID!) { organization(id: $o) { name } }', { o }, alice.apiKey)).body.data.organization.name;
  expect(hive[0].received.data[0].alertChanged).toMatchObject({
    event: 'ALERT_UPDATED',
    alert: { id: alerts[0], state: 'IN_PROGRESS', organization: { name }, scanTarget: { kind: 'AWS', name: 'prod-account' } },
  });
  expect(hive[1].received.data[1].followingAlertChanged.alert).toMatchObject({ resource: '[censored]', organization: { name } });
  for (let i = 0; i < 3; i++) {
    expect(hive[i].received.data).toEqual(vigil[i].data);
    expect(hive[i].received.errors).toEqual([]);
  }
  await stopAll(...hive, ...vigil);
});

it('resumes a stream through Hive Gateway after a cursor, with the changes missed meanwhile', async () => {
  const o = alice.organizationId;
  const first = viaHiveStream(alice.apiKey, ALERT_CHANGED, { o });
  await live(1);
  const change = async (state: string) =>
    expect((await viaHive(UPDATE_ALERT, { o, st: awsTarget, id: alerts[0], state }, alice.apiKey)).body.errors).toBeUndefined();
  await change('FALSE_POSITIVE');
  await first.waitFor(1);
  const cursor = first.received.data[0].alertChanged.cursor;
  await stopAll(first);
  await change('RISK_ACCEPTED');
  await change('OPEN');
  const resumed = viaHiveStream(alice.apiKey, ALERT_CHANGED, { o, after: cursor });
  const expected = sseSubscribe(t.url, alice.apiKey, ALERT_CHANGED, { o, after: cursor });
  await Promise.all([resumed.waitFor(2), expected.waitFor(2)]);
  // The two changes made while away (each message's alert is the alert now), after the cursor's, in log order.
  const seqs = resumed.received.data.map((m) => BigInt(m.alertChanged.seq));
  expect(seqs[0]).toBeGreaterThan(BigInt(first.received.data[0].alertChanged.seq));
  expect(seqs[1]).toBeGreaterThan(seqs[0]);
  expect(resumed.received.data).toEqual(expected.data);
  await stopAll(resumed, expected);
});

/** Deletes `who`'s API key as its owner does (REST, through Vigil's gateway): the deletion wakes the streams. */
async function deleteKey(who: Account) {
  const keys = await t.rest('GET', '/me/apikeys', { key: who.apiKey });
  const started = Date.now();
  expect((await t.rest('DELETE', `/me/apikeys/${keys.body[0].id}`, { key: who.apiKey })).status).toBe(200);
  return started;
}

/**
 * Within this of the deletion a stream through Hive Gateway ends (issue 39): a margin that holds on a loaded machine
 * (39–59 ms measured at load ~9; a 1 s bar was a margin load could eat), and a small part of the hour between
 * periodic re-checks here, so a stream that missed the wake meets it only if a re-check happens to fall inside it.
 */
const REVOKED_WITHIN_MS = 20_000;

describe.each([
  ['GraphQL over SSE (gateway.config.ts)', 'sse', () => hive],
  ['graphql-ws (gateway-ws.config.ts)', 'ws', () => hiveWs],
])('Hive Gateway with subscriptions to the subgraphs over %s', (transport, slug, gateway) => {
  const EVENTS_OF = `subscription($o: ID!) { eventAppended(organizationId: $o) { cursor } }`;

  it("answers a stranger's subscription with Vigil's message and code, and refuses an unknown key at once", async () => {
    const stranger = await t.bootstrap(`hive-stranger-${slug}@example.com`, 'Stranger Corp');
    const liveBefore = t.vigil.subscriptions.liveCount();
    const expected = sseSubscribe(t.url, stranger.apiKey, EVENTS_OF, { o: alice.organizationId });
    const foreign = streamVia(gateway().url, stranger.apiKey, EVENTS_OF, { o: alice.organizationId });
    // A key refused at the subgraph answers UNAUTHENTICATED at once, not a stream of keep-alives while the router's client retries.
    const unknown = streamVia(gateway().url, 'vgl_not-a-key', EVENTS_OF, { o: alice.organizationId });
    // "At once" is proved against a sentinel, not a clock (a 3 s bar was a margin a loaded machine could eat): a stream
    // opened after the two refused ones through the same gateway, live at the subgraph, then an event written and
    // delivered on it — the refusals' one round trip and more. A router still retrying a refused stream (Hive
    // Gateway's graphql-ws client retries a 4403 close with backoff for 10–40 s) has not ended it by then.
    const sentinel = streamVia(gateway().url, stranger.apiKey, EVENTS_OF, { o: stranger.organizationId });
    await live(liveBefore + 1);
    const created = await t.rest('POST', `/organizations/${stranger.organizationId}/scantargets`, {
      key: stranger.apiKey,
      body: { name: `sentinel-${slug}`, kind: 'AWS', credential: { account: '123456789012' } },
    });
    expect(created.status).toBe(200);
    await sentinel.waitFor(1);
    expect({ foreign: foreign.received.ended, unknown: unknown.received.ended }).toEqual({ foreign: true, unknown: true });
    await expected.waitForEnd();
    expect(expected.errors).toEqual([{ message: 'Organization not found', extensions: { code: 'NOT_FOUND' } }]);
    expect(foreign.received.errors).toEqual([{ ...expected.errors[0], path: ['eventAppended'], extensions: { code: 'NOT_FOUND', serviceName: 'documents' } }]);
    expect(foreign.received.data).toEqual([]);
    // Vigil's gateway refuses an unknown key with 401 before any stream; Hive Gateway with the subgraph's error in a 200 stream (docs/own-router.md).
    const refused = await fetch(`${t.url}/graphql/stream`, {
      method: 'POST',
      headers: { authorization: 'Bearer vgl_not-a-key', accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: EVENTS_OF, variables: { o: alice.organizationId } }),
    });
    expect(refused.status).toBe(401);
    expect((await refused.json()).errors[0]).toMatchObject({ message: 'The API key is not valid', extensions: { code: 'UNAUTHENTICATED' } });
    expect(unknown.received.errors).toEqual([
      { message: 'The API key is not valid', path: ['eventAppended'], extensions: { code: 'UNAUTHENTICATED', serviceName: 'documents' } },
    ]);
    await stopAll(expected, foreign, unknown, sentinel);
  });

  it(`ends a deleted key's stream with UNAUTHENTICATED and its cursor within ${REVOKED_WITHIN_MS} ms of the deletion, as Vigil's gateway does`, async () => {
    const user = await t.bootstrap(`hive-revoked-${slug}@example.com`, 'Revoked Corp');
    const through = streamVia(gateway().url, user.apiKey, EVENTS_OF, { o: user.organizationId });
    const expected = sseSubscribe(t.url, user.apiKey, EVENTS_OF, { o: user.organizationId });
    await live(t.vigil.subscriptions.liveCount() + 2);
    const deleted = await deleteKey(user);
    await Promise.all([through.waitForEnd(REVOKED_WITHIN_MS), expected.waitForEnd(REVOKED_WITHIN_MS)]);
    const ms = through.received.endedAt - deleted;
    console.log(
      `deleted key's stream through Hive Gateway over ${transport} ended ${ms} ms after the deletion (load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
    );
    expect(ms).toBeLessThan(REVOKED_WITHIN_MS);
    expect(expected.errors[0]).toMatchObject({ message: 'The API key was deleted', extensions: { code: 'UNAUTHENTICATED', cursor: expect.any(String) } });
    // The same message, code and cursor; Hive Gateway adds the field's path and extensions.serviceName to a subgraph's error.
    expect(through.received.data).toEqual([]);
    expect(through.received.errors).toEqual([
      { message: expected.errors[0].message, path: ['eventAppended'], extensions: { ...expected.errors[0].extensions, serviceName: 'documents' } },
    ]);
    await stopAll(through, expected);
  });
});

const POSTURE_CHANGED = `subscription($o: ID!) { postureChanged(organizationId: $o) { cursor posture { view open { critical high low total } grade
  byState: breakdown(input: { by: STATE }) { nodes { key counts { total } } } byTarget: breakdown(input: { by: SCAN_TARGET }) { nodes { key label } }
  trend(input: {}) { openDelta } scanFreshness { totalCount } } } }`;

describe.each([
  ['GraphQL over SSE (gateway.config.ts)', () => hive, 'IN_PROGRESS'],
  ['graphql-ws (gateway-ws.config.ts)', () => hiveWs, 'MITIGATING_CONTROL'],
])('postureChanged through Hive Gateway with subscriptions to the subgraphs over %s', (transport, gateway, state) => {
  it("pushes the member's posture and the follower's censored one after a change made through Hive, as Vigil's gateway does", async () => {
    const o = alice.organizationId;
    const through = [streamVia(gateway().url, alice.apiKey, POSTURE_CHANGED, { o }), streamVia(gateway().url, viewer.apiKey, POSTURE_CHANGED, { o })];
    const expected = [sseSubscribe(t.url, alice.apiKey, POSTURE_CHANGED, { o }), sseSubscribe(t.url, viewer.apiKey, POSTURE_CHANGED, { o })];
    await live(t.vigil.subscriptions.liveCount() + 4);
    const changed = Date.now();
    expect((await viaHive(UPDATE_ALERT, { o, st: awsTarget, id: alerts[1], state }, alice.apiKey)).body.errors).toBeUndefined();
    const arrived = (sub: { waitFor(n: number): Promise<unknown> }) => sub.waitFor(1).then(() => Date.now() - changed);
    const [memberMs, followerMs] = await Promise.all([arrived(through[0]), arrived(through[1]), expected[0].waitFor(1), expected[1].waitFor(1)]);
    const load = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
    console.log(`postureChanged through Hive Gateway over ${transport}: member ${memberMs} ms, follower ${followerMs} ms after the change (load ${load})`);
    const [member, follower] = through.map((sub) => sub.received.data[0].postureChanged.posture);
    // The posture itself, after the change: the alert's new state counted, the member's target named, the follower's not.
    expect(member.byState.nodes).toContainEqual({ key: state, counts: { total: 1 } });
    expect(member).toMatchObject({ view: 'MEMBER', byTarget: { nodes: [{ key: awsTarget, label: 'prod-account' }] }, scanFreshness: { totalCount: 1 } });
    expect(follower).toMatchObject({ view: 'FOLLOWER', byTarget: { nodes: [{ key: awsTarget, label: null }] }, scanFreshness: null });
    expect(JSON.stringify(through[1].received.data)).not.toContain('prod-account');
    expect(member).toEqual(expected[0].data[0].postureChanged.posture);
    expect(follower).toEqual(expected[1].data[0].postureChanged.posture);
    expect([through[0].received.errors, through[1].received.errors]).toEqual([[], []]);
    await stopAll(...through, ...expected);
  });
});

/** A graphql-ws client on a subgraph's /graphql as Apollo Router's passthrough opens it: the router secret on the upgrade, the client's Authorization in connection_init's `token`. */
function routerWsClient(subgraphUrl: string, token: string, upgradeHeaders: Record<string, string>) {
  let closed!: (code: number) => void;
  const closeCode = new Promise<number>((resolve) => (closed = resolve));
  class RouterSocket extends WebSocket {
    constructor(url: string, protocols?: string | string[]) {
      super(url, protocols, { headers: upgradeHeaders });
    }
  }
  const client = createWsClient({
    url: subgraphUrl.replace('http', 'ws'),
    webSocketImpl: RouterSocket,
    connectionParams: { token },
    retryAttempts: 0,
    lazy: false,
    on: { closed: (event: any) => closed(event?.code) },
    onNonLazyError: () => undefined,
  });
  return Object.assign(client, { closeCode: () => closeCode });
}

it("serves graphql-ws at the alerts subgraph as Apollo Router's passthrough opens it: the secret on the upgrade, the key in connection_init; the alert's organization as an entity key", async () => {
  const o = alice.organizationId;
  const query = `subscription($o: ID!) { alertChanged(organizationId: $o, severities: [HIGH]) { cursor event seq alert { id state organization { id } } } }`;
  const alertsUrl = t.vigil.subgraphs.alerts?.url as string;
  const router = routerWsClient(alertsUrl, `Bearer ${alice.apiKey}`, { [ROUTER_SECRET_HEADER]: ROUTER_SECRET });
  const sub = subscribe(router, query, { o });
  const expected = sseSubscribe(t.url, alice.apiKey, query, { o });
  await live(2);
  expect((await viaHive(UPDATE_ALERT, { o, st: awsTarget, id: alerts[0], state: 'RISK_ACCEPTED' }, alice.apiKey)).body.errors).toBeUndefined();
  await Promise.all([sub.waitFor(1), expected.waitFor(1)]);
  expect(sub.data[0].alertChanged).toMatchObject({ event: 'ALERT_UPDATED', alert: { id: alerts[0], state: 'RISK_ACCEPTED', organization: { id: o } } });
  expect(sub.data).toEqual(expected.data);

  // Without the router's proof (no secret, no signature) a subscription is refused; a wrong secret closes the connection (4403).
  const unsigned = routerWsClient(alertsUrl, `Bearer ${alice.apiKey}`, {});
  const refused = subscribe(unsigned, query, { o });
  await refused.waitForEnd();
  expect(refused.errors[0][0]?.extensions?.code ?? refused.errors[0].extensions?.code).toBe('UNAUTHENTICATED');
  const wrong = routerWsClient(alertsUrl, `Bearer ${alice.apiKey}`, { [ROUTER_SECRET_HEADER]: 'not-the-secret' });
  expect(await wrong.closeCode()).toBe(4403);

  // The key deleted while connected: the stream ends UNAUTHENTICATED and the connection closes 4403, as on Vigil's gateway.
  const user = await t.bootstrap('revoked-ws@example.com', 'Revoked WS Corp');
  const revoked = routerWsClient(alertsUrl, user.apiKey, { [ROUTER_SECRET_HEADER]: ROUTER_SECRET });
  subscribe(revoked, `subscription($o: ID!) { alertChanged(organizationId: $o) { cursor } }`, { o: user.organizationId });
  await live(3);
  await deleteKey(user);
  expect(await revoked.closeCode()).toBe(4403);
  await Promise.all([router.dispose(), unsigned.dispose(), wrong.dispose(), revoked.dispose()]);
  await stopAll(sub, expected);
});

it("streams through Hive Gateway with graphql-ws to the subgraphs (its documented transportEntries setting) as Vigil's gateway does", async () => {
  const started = hiveWs;
  const o = alice.organizationId;
  const sub = viaHiveStream(alice.apiKey, ALERT_CHANGED, { o }, started.url);
  const follower = viaHiveStream(viewer.apiKey, FOLLOWING_CHANGED, { o: viewer.organizationId }, started.url);
  const expected = [
    sseSubscribe(t.url, alice.apiKey, ALERT_CHANGED, { o }),
    sseSubscribe(t.url, viewer.apiKey, FOLLOWING_CHANGED, { o: viewer.organizationId }),
  ];
  await live(4);
  expect((await viaHive(UPDATE_ALERT, { o, st: awsTarget, id: alerts[0], state: 'FALSE_POSITIVE' }, alice.apiKey)).body.errors).toBeUndefined();
  await Promise.all([sub.waitFor(1), follower.waitFor(1), expected[0].waitFor(1), expected[1].waitFor(1)]);
  expect(sub.received.data[0].alertChanged.alert).toMatchObject({ state: 'FALSE_POSITIVE', organization: { name: expect.any(String) } });
  expect(sub.received.data).toEqual(expected[0].data);
  expect(follower.received.data).toEqual(expected[1].data);
  await stopAll(sub, follower, ...expected);
});
