import { randomUUID } from 'node:crypto';
import type { RunningVigil } from '../../../app/vigil';
import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { joinAsMember } from '../../support/organizations';
import { sseSubscribe, subscribe, untilLive, untilNoSessions, wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Live subscriptions through real graphql-ws and graphql-sse clients: filters, federated payload
 * fields, follower censorship, authentication and revocation, resume without gap or duplicate,
 * the slow-subscriber policy, and fan-out between two gateways over LISTEN/NOTIFY and Redis.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;
let viewer: Account;
let awsTarget: string;
let gcpTarget: string;
let alerts: string[];
const rule = FIXTURE_RULES[0].id;
const otherRule = FIXTURE_RULES[1].id;

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_SUBSCRIPTION_BUFFER: '5', VIGIL_SUBSCRIPTION_RECHECK_MS: '300' });
  acme = await t.bootstrap('admin@acme.test', 'Acme');
  viewer = await t.bootstrap('admin@viewer.test', 'Viewer');
  await insertRules(t.vigil.db);
  awsTarget = await createScanTarget(t.vigil.db, acme.organizationId, { name: 'prod-account', kind: 'AWS' });
  gcpTarget = await createScanTarget(t.vigil.db, acme.organizationId, { name: 'gcp-project', kind: 'GCP' });
  await follow(t.vigil.db, viewer.organizationId, acme.organizationId, ['suppliers']);
  alerts = await insertAlerts(t.vigil.db, [
    { organizationId: acme.organizationId, scanTargetId: awsTarget, rule, resource: 'bucket-a', severity: 'HIGH' },
    { organizationId: acme.organizationId, scanTargetId: gcpTarget, rule: otherRule, resource: 'vm-b', severity: 'LOW' },
    { organizationId: acme.organizationId, scanTargetId: awsTarget, rule, resource: 'bucket-c', severity: 'CRITICAL' },
  ]);
});

// Each test starts with no stream left from the one before (their connections closed).
afterEach(() => untilNoSessions(t.vigil));

afterAll(async () => {
  await t?.close();
});

const bearer = (a: Account) => ({ authorization: `Bearer ${a.apiKey}` });
const update = async (base: string, alertId: string, state: string, key = acme.apiKey, where?: { org: string; scanTargetId: string }) => {
  const scanTargetId = where?.scanTargetId ?? (alertId === alerts[1] ? gcpTarget : awsTarget);
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({
      query: `mutation($org: ID!, $st: ID!, $id: ID!, $state: AlertState!, $label: String!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: $state, labels: [$label] }) { alert { id } } }`,
      variables: { org: where?.org ?? acme.organizationId, st: scanTargetId, id: alertId, state, label: randomUUID() },
    }),
  });
  const body = await res.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 600));
/** An organization with one alert, `follower` following it (tags given): its changes are sentinels on follower streams. */
async function followedWithAlert(email: string, follower: Account, tags?: string[]) {
  const owner = await t.bootstrap(email, email.split('@')[1]);
  await follow(t.vigil.db, follower.organizationId, owner.organizationId, tags);
  const scanTargetId = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'sentinel', kind: 'AWS' });
  const [alertId] = await insertAlerts(t.vigil.db, [{ organizationId: owner.organizationId, scanTargetId, rule, resource: 'sentinel', severity: 'LOW' }]);
  return { change: (state: string) => update(t.url, alertId, state, owner.apiKey, { org: owner.organizationId, scanTargetId }), alertId };
}
const live = (n: number, vigil: RunningVigil = t.vigil) => untilLive(vigil, n);

const ALERT_CHANGED = `subscription($org: ID!, $sev: [AlertSeverity!], $states: [AlertState!], $st: [ID!], $rules: [String!], $kinds: [ScanTargetKind!], $after: String) {
  alertChanged(organizationId: $org, severities: $sev, states: $states, scanTargetIds: $st, rules: $rules, scanTargetKinds: $kinds, after: $after) {
    cursor event seq alert(lang: EN_US) { id state resource organization { name } scanTarget { kind name } ruleTitle }
  }
}`;

describe('alertChanged over graphql-ws', () => {
  it('streams an alert change with fields of other subgraphs resolved as in a query, the key in connectionParams as authorization or apiKey', async () => {
    const client = wsClient(t.url, bearer(acme));
    const other = wsClient(t.url, { apiKey: acme.apiKey });
    const sub = subscribe(client, ALERT_CHANGED, { org: acme.organizationId });
    const sub2 = subscribe(other, ALERT_CHANGED, { org: acme.organizationId });
    await live(2);
    await update(t.url, alerts[0], 'IN_PROGRESS');
    const [message] = await sub.waitFor(1);
    await sub2.waitFor(1);
    expect(message.alertChanged).toMatchObject({
      event: 'ALERT_UPDATED',
      alert: {
        id: alerts[0],
        state: 'IN_PROGRESS',
        resource: 'bucket-a',
        organization: { name: 'Acme' },
        scanTarget: { kind: 'AWS', name: 'prod-account' },
        ruleTitle: FIXTURE_RULES[0].titleEn,
      },
    });
    expect(typeof message.alertChanged.cursor).toBe('string');
    await client.dispose();
    await other.dispose();
  });

  it('applies every filter: severities, states, scanTargetIds, rules, scanTargetKinds', async () => {
    const client = wsClient(t.url, bearer(acme));
    const org = acme.organizationId;
    const subs = {
      sev: subscribe(client, ALERT_CHANGED, { org, sev: ['LOW'] }),
      states: subscribe(client, ALERT_CHANGED, { org, states: ['RISK_ACCEPTED'] }),
      target: subscribe(client, ALERT_CHANGED, { org, st: [gcpTarget] }),
      rules: subscribe(client, ALERT_CHANGED, { org, rules: [rule] }),
      kinds: subscribe(client, ALERT_CHANGED, { org, kinds: ['AWS'] }),
      all: subscribe(client, ALERT_CHANGED, { org }),
    };
    await live(6);
    await update(t.url, alerts[1], 'FALSE_POSITIVE'); // LOW, gcp, otherRule
    await update(t.url, alerts[2], 'RISK_ACCEPTED'); // CRITICAL, aws, rule
    await update(t.url, alerts[0], 'OPEN'); // HIGH, aws, rule
    // Sentinels, after the changes a filter must drop: every stream matches one of the two, and a stream
    // delivers in log order, so once its sentinel has arrived a wrongly matched change would have too.
    await update(t.url, alerts[1], 'RISK_ACCEPTED'); // LOW, gcp, otherRule: sev, states, target
    await update(t.url, alerts[0], 'RISK_ACCEPTED'); // HIGH, aws, rule: states, rules, kinds
    const expected = {
      sev: [alerts[1], alerts[1]],
      states: [alerts[2], alerts[1], alerts[0]],
      target: [alerts[1], alerts[1]],
      rules: [alerts[2], alerts[0], alerts[0]],
      kinds: [alerts[2], alerts[0], alerts[0]],
      all: [alerts[1], alerts[2], alerts[0], alerts[1], alerts[0]],
    };
    const ids = (s: { data: any[] }) => s.data.map((m) => m.alertChanged.alert.id);
    for (const [name, sub] of Object.entries(subs)) {
      await sub.waitFor(expected[name as keyof typeof subs].length);
      expect([name, ids(sub)]).toEqual([name, expected[name as keyof typeof subs]]);
    }
    await client.dispose();
  });

  it('resumes after a disconnect with every missed change, in log order, without a duplicate, then live ones', async () => {
    const first = wsClient(t.url, bearer(acme));
    const sub = subscribe(first, ALERT_CHANGED, { org: acme.organizationId });
    await live(1);
    await update(t.url, alerts[0], 'IN_PROGRESS');
    const [last] = await sub.waitFor(1);
    await first.dispose();
    await update(t.url, alerts[1], 'OPEN');
    await update(t.url, alerts[2], 'OPEN');
    await update(t.url, alerts[0], 'OPEN');
    const again = wsClient(t.url, bearer(acme));
    const resumed = subscribe(again, ALERT_CHANGED, { org: acme.organizationId, after: last.alertChanged.cursor });
    const missed = await resumed.waitFor(3);
    expect(missed.map((m) => m.alertChanged.alert.id)).toEqual([alerts[1], alerts[2], alerts[0]]);
    await update(t.url, alerts[1], 'IN_PROGRESS');
    const all = await resumed.waitFor(4);
    // The sentinel: a fifth change; once it has arrived, a duplicate of the four would have too (log order).
    await update(t.url, alerts[2], 'IN_PROGRESS');
    await resumed.waitFor(5);
    const seqs = resumed.data.map((m) => BigInt(m.alertChanged.seq));
    expect(resumed.data.map((m) => m.alertChanged.alert.id)).toEqual([alerts[1], alerts[2], alerts[0], alerts[1], alerts[2]]);
    expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1])).toBe(true);
    expect(BigInt(all[0].alertChanged.seq)).toBeGreaterThan(BigInt(last.alertChanged.seq));
    await again.dispose();
  });

  it('refuses a connection without a valid key (4403) and a stream of an organization the caller is not a member of', async () => {
    const anonymous = wsClient(t.url, {});
    expect(await anonymous.closeCode()).toBe(4403);
    const wrong = wsClient(t.url, { authorization: 'Bearer vgl_not_a_key' });
    expect(await wrong.closeCode()).toBe(4403);
    const client = wsClient(t.url, bearer(viewer));
    const sub = subscribe(client, ALERT_CHANGED, { org: acme.organizationId });
    await sub.waitForEnd();
    expect(sub.data).toEqual([]);
    expect(sub.errors[0].extensions.code).toBe('NOT_FOUND');
    await client.dispose();
  });

  it('refuses a forged or foreign cursor', async () => {
    const client = wsClient(t.url, bearer(acme));
    const sub = subscribe(client, ALERT_CHANGED, { org: acme.organizationId, after: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    await sub.waitForEnd();
    expect(sub.errors[0].extensions.code).toBe('BAD_REQUEST');
    await client.dispose();
  });
});

describe('followers', () => {
  it('followingAlertChanged streams followed alerts censored, narrowed by followingIds and followingTags', async () => {
    const client = wsClient(t.url, bearer(viewer));
    const q = `subscription($org: ID!, $ids: [ID!], $tags: [String!]) { followingAlertChanged(organizationId: $org, followingIds: $ids, followingTags: $tags) { event alert { id resource organization { name } } } }`;
    // Another followed organization, its follow tagged 'nobody': its change after Acme's is the sentinel of the
    // 'nobody' stream (in log order: once it has arrived, Acme's would have too).
    const nobody = await followedWithAlert('admin@nobody.test', viewer, ['nobody']);
    const tagged = subscribe(client, q, { org: viewer.organizationId, tags: ['suppliers'] });
    const untaggedOnly = subscribe(client, q, { org: viewer.organizationId, tags: ['nobody'] });
    const byId = subscribe(client, q, { org: viewer.organizationId, ids: [acme.organizationId] });
    await live(3);
    await update(t.url, alerts[2], 'IN_PROGRESS');
    await nobody.change('IN_PROGRESS');
    await update(t.url, alerts[2], 'OPEN'); // the sentinel of the two Acme streams, after the 'nobody' change
    const [message] = await tagged.waitFor(2);
    await byId.waitFor(2);
    await untaggedOnly.waitFor(1);
    expect(message.followingAlertChanged).toEqual({
      event: 'ALERT_FOLLOWING_UPDATED',
      alert: { id: `followed:${alerts[2]}`, resource: '[censored]', organization: { name: 'Acme' } },
    });
    const ids = (r: { data: any[] }) => r.data.map((m) => m.followingAlertChanged.alert.id);
    expect(ids(tagged)).toEqual([`followed:${alerts[2]}`, `followed:${alerts[2]}`]);
    expect(ids(byId)).toEqual([`followed:${alerts[2]}`, `followed:${alerts[2]}`]);
    expect(ids(untaggedOnly)).toEqual([`followed:${nobody.alertId}`]);
    await client.dispose();
  });

  it("eventAppended streams the organization's events filtered by name, a follower's derived events censored (over SSE)", async () => {
    const q = `subscription($org: ID!, $names: [EventName!]) { eventAppended(organizationId: $org, names: $names) { cursor event { name data } } }`;
    const follower = sseSubscribe(t.url, viewer.apiKey, q, { org: viewer.organizationId, names: ['ALERT_FOLLOWING_UPDATED'] });
    const own = sseSubscribe(t.url, acme.apiKey, q, { org: acme.organizationId, names: ['ALERT_UPDATED'] });
    const ownOther = sseSubscribe(t.url, acme.apiKey, q, { org: acme.organizationId, names: ['SCAN_CREATED'] });
    await live(3);
    await update(t.url, alerts[0], 'IN_PROGRESS');
    const [derived] = await follower.waitFor(1);
    const [original] = await own.waitFor(1);
    expect(derived.eventAppended.event).toMatchObject({ name: 'ALERT_FOLLOWING_UPDATED', data: { id: alerts[0], resource: '[censored]', metadata: {} } });
    expect(original.eventAppended.event).toMatchObject({ name: 'ALERT_UPDATED', data: { id: alerts[0], resource: 'bucket-a' } });
    // The sentinel of the SCAN_CREATED stream, appended after the update: the stream delivers in log order,
    // so once it has arrived the ALERT_UPDATED would have, had the name filter let it through.
    await t.vigil.db.pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'ScanCreated', 'test', '{"sentinel": true}')`,
      [acme.organizationId],
    );
    await ownOther.waitFor(1);
    expect(ownOther.data.map((m) => m.eventAppended.event)).toEqual([{ name: 'SCAN_CREATED', data: { sentinel: true } }]);
    for (const s of [follower, own, ownOther]) s.stop();
  });

  it('SSE without a valid key is refused with 401', async () => {
    const res = await fetch(`${t.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: `subscription { eventAppended(organizationId: "${acme.organizationId}") { cursor } }` }),
    });
    expect(res.status).toBe(401);
  });
});

describe('transactions committing out of seq order', () => {
  it('holds back an event committed while a transaction holding a lower seq is open, then delivers both in seq order', async () => {
    const client = wsClient(t.url, bearer(acme));
    const sub = subscribe(client, `subscription($org: ID!) { eventAppended(organizationId: $org, names: [WEBHOOK_UPDATED]) { event { data } } }`, {
      org: acme.organizationId,
    });
    await live(1);
    const slow = await t.vigil.db.pool.connect();
    const insert = (c: { query: (q: string, v: unknown[]) => Promise<unknown> }, n: number) =>
      c.query(
        `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'WebhookUpdated', 'test', jsonb_build_object('n', $2::int))`,
        [acme.organizationId, n],
      );
    try {
      await slow.query('BEGIN');
      await insert(slow, 1); // draws the lower seq, not committed yet
      await insert(t.vigil.db.pool, 2); // higher seq, committed at once
      await settle();
      await settle();
      expect(sub.data).toEqual([]);
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    const got = await sub.waitFor(2);
    expect(got.map((m) => m.eventAppended.event.data.n)).toEqual([1, 2]);
    await client.dispose();
  });
});

describe('revocation and slow subscribers', () => {
  it('a follower stream stops delivering a followed organization once the follow ends while connected (found by the re-check), and stays open', async () => {
    const other = await t.bootstrap('admin@other.test', 'Other');
    await follow(t.vigil.db, other.organizationId, acme.organizationId);
    const kept = await followedWithAlert('admin@kept.test', other);
    const client = wsClient(t.url, bearer(other));
    const sub = subscribe(client, `subscription($org: ID!) { followingAlertChanged(organizationId: $org) { event alert { id } } }`, {
      org: other.organizationId,
    });
    await live(1);
    await update(t.url, alerts[0], 'OPEN');
    await sub.waitFor(1);
    // Removed by hand, with no event in any log: only the periodic re-check (300 ms here) can see it; 2 s
    // leaves it six chances, enough on a loaded machine.
    await t.vigil.db.pool.query(`DELETE FROM organizations.follows WHERE "followerId" = $1 AND "followedId" = $2`, [other.organizationId, acme.organizationId]);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await update(t.url, alerts[0], 'OPEN');
    // The sentinel: a change of the organization still followed, after Acme's; in log order, so once it
    // has arrived Acme's would have too.
    await kept.change('IN_PROGRESS');
    await sub.waitFor(2);
    expect(sub.data.map((m) => m.followingAlertChanged.alert.id)).toEqual([`followed:${alerts[0]}`, `followed:${kept.alertId}`]);
    expect(sub.errors).toEqual([]);
    await client.dispose();
  });

  it("ends a member's stream with FORBIDDEN when the membership ends while connected", async () => {
    const member = await joinAsMember(t, acme, acme.organizationId, 'member@acme.test');
    const client = wsClient(t.url, bearer(member));
    const sub = subscribe(client, ALERT_CHANGED, { org: acme.organizationId });
    await live(1);
    await t.vigil.db.pool.query(`DELETE FROM organizations.memberships WHERE "userId" = $1 AND "organizationId" = $2`, [member.userId, acme.organizationId]);
    await sub.waitForEnd();
    expect(sub.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN' });
    expect(typeof sub.errors[0].extensions.cursor).toBe('string');
    await client.dispose();
  });

  it('closes the connection with 4403 when its API key is deleted while connected', async () => {
    const user = await t.bootstrap('admin@revoked.test', 'Revoked');
    const client = wsClient(t.url, bearer(user));
    const sub = subscribe(client, `subscription($org: ID!) { eventAppended(organizationId: $org) { cursor } }`, { org: user.organizationId });
    await live(1);
    await t.vigil.db.pool.query(`UPDATE organizations.api_keys SET "deletedAt" = now() WHERE "userId" = $1`, [user.userId]);
    expect(await client.closeCode()).toBe(4403);
    expect(sub.data).toEqual([]);
  });

  it('ends a subscriber that falls more than the buffer behind with SUBSCRIBER_TOO_SLOW and a cursor from which it resumes without gap', async () => {
    const client = wsClient(t.url, bearer(acme));
    const q = `subscription($org: ID!, $after: String) { eventAppended(organizationId: $org, names: [WEBHOOK_CREATED], after: $after) { cursor event { id data createdAt } } }`;
    const sub = subscribe(client, q, { org: acme.organizationId });
    await live(1);
    // 40 events in one statement: one read of the tail hands them over at once, 8 times the buffer.
    await t.vigil.db.pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, data) SELECT gen_random_uuid(), $1, 'WebhookCreated', 'test', jsonb_build_object('n', n) FROM generate_series(1, 40) n`,
      [acme.organizationId],
    );
    await sub.waitForEnd();
    expect(sub.errors[0].extensions.code).toBe('SUBSCRIBER_TOO_SLOW');
    const got = sub.data.map((m) => m.eventAppended.event.data.n);
    const resumed = subscribe(client, q, { org: acme.organizationId, after: sub.errors[0].extensions.cursor });
    await resumed.waitFor(40 - got.length);
    // The sentinel: a 41st event; once it has arrived, a duplicate of the 40 would have too (log order).
    await t.vigil.db.pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'WebhookCreated', 'test', jsonb_build_object('n', 41))`,
      [acme.organizationId],
    );
    await resumed.waitFor(41 - got.length);
    expect([...got, ...resumed.data.map((m) => m.eventAppended.event.data.n)]).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    await client.dispose();
  });
});

describe('two gateways on one database', () => {
  const second = (env: Record<string, string>) => t.startAnother(env);
  const q = `subscription($org: ID!) { alertChanged(organizationId: $org) { alert { id state } } }`;

  it('streams on one gateway a change made through the other, woken by LISTEN/NOTIFY (no polling)', async () => {
    const b = await second({ VIGIL_SUBSCRIPTION_POLL_MS: '600000' });
    try {
      const client = wsClient(b.url, bearer(acme));
      const sub = subscribe(client, q, { org: acme.organizationId });
      await live(1, b);
      await update(t.url, alerts[1], 'RISK_ACCEPTED');
      const [m] = await sub.waitFor(1, 5000);
      expect(m.alertChanged.alert).toEqual({ id: alerts[1], state: 'RISK_ACCEPTED' });
      await client.dispose();
    } finally {
      await b.close();
    }
  });

  it('streams across gateways over Redis pub/sub, and by polling when Redis is unreachable; shutdown closes with 1001', async () => {
    const prefix = `vigil:sub:test:${randomUUID()}:`;
    const a = await second({ REDIS_URL: 'redis://127.0.0.1:6379', VIGIL_SUBSCRIPTION_REDIS_PREFIX: prefix, VIGIL_SUBSCRIPTION_POLL_MS: '600000' });
    const b = await second({ REDIS_URL: 'redis://127.0.0.1:6379', VIGIL_SUBSCRIPTION_REDIS_PREFIX: prefix, VIGIL_SUBSCRIPTION_POLL_MS: '600000' });
    const dead = await second({ REDIS_URL: 'redis://127.0.0.1:1', VIGIL_SUBSCRIPTION_POLL_MS: '600000' });
    try {
      const client = wsClient(b.url, bearer(acme));
      const deadClient = wsClient(dead.url, bearer(acme));
      const sub = subscribe(client, q, { org: acme.organizationId });
      const degraded = subscribe(deadClient, q, { org: acme.organizationId });
      await live(1, b);
      await live(1, dead);
      await update(a.url, alerts[1], 'IN_PROGRESS');
      expect((await sub.waitFor(1, 5000))[0].alertChanged.alert).toEqual({ id: alerts[1], state: 'IN_PROGRESS' });
      expect((await degraded.waitFor(1, 5000))[0].alertChanged.alert).toEqual({ id: alerts[1], state: 'IN_PROGRESS' });
      await b.close();
      expect(await client.closeCode()).toBe(1001);
    } finally {
      await a.close();
      await b.close().catch(() => undefined);
      await dead.close();
    }
  });
});

describe('limits on documents and streams sent over the subscription transports', () => {
  const aliasBomb = `subscription($org: ID!) { alertChanged(organizationId: $org) { ${Array.from({ length: 3000 }, (_, i) => `a${i}: cursor`).join(' ')} } }`;
  const manyAliases = `subscription($org: ID!) { alertChanged(organizationId: $org) { ${Array.from({ length: 40 }, (_, i) => `a${i}: cursor`).join(' ')} } }`;

  it('graphql-ws: a document over the token limit is refused before parsing, one over the alias limit at validation; the connection serves on', async () => {
    const client = wsClient(t.url, bearer(acme));
    const bomb = subscribe(client, aliasBomb, { org: acme.organizationId });
    await bomb.waitForEnd();
    expect(JSON.stringify(bomb.errors)).toMatch(/more than 5000 tokens/);
    const aliases = subscribe(client, manyAliases, { org: acme.organizationId });
    await aliases.waitForEnd();
    expect(JSON.stringify(aliases.errors)).toMatch(/VIGIL_GRAPHQL_MAX_ALIASES/);
    const fine = subscribe(client, ALERT_CHANGED, { org: acme.organizationId });
    await live(1);
    await update(t.url, alerts[0], 'IN_PROGRESS');
    await fine.waitFor(1);
    await client.dispose();
  });

  it('graphql-sse: a document over the token limit answers 400', async () => {
    const res = await fetch(`${t.url}/graphql/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', authorization: `Bearer ${acme.apiKey}` },
      body: JSON.stringify({ query: aliasBomb, variables: { org: acme.organizationId } }),
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/more than 5000 tokens/);
  });

  it('one connection holds at most 100 streams at once: the 101st is refused with TOO_MANY_REQUESTS, the others stay live', async () => {
    const client = wsClient(t.url, bearer(acme));
    const subs = Array.from({ length: 101 }, () => subscribe(client, ALERT_CHANGED, { org: acme.organizationId }));
    let deadline: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      Promise.any(subs.map((s, i) => s.done.then(() => i))),
      new Promise<number>((_, reject) => (deadline = setTimeout(() => reject(new Error('no stream was refused')), 15_000))),
    ]).finally(() => clearTimeout(deadline));
    expect(JSON.stringify(subs[ended].errors)).toMatch(/TOO_MANY_REQUESTS/);
    await live(100);
    await update(t.url, alerts[2], 'IN_PROGRESS');
    await Promise.all(subs.filter((_, i) => i !== ended).map((s) => s.waitFor(1)));
    await client.dispose();
  });
});
