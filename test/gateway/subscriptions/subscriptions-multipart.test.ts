import { randomUUID } from 'node:crypto';
import { ApolloClient, gql, HttpLink, InMemoryCache } from '@apollo/client';
import type { RunningVigil } from '../../../app/vigil';
import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { joinAsMember } from '../../support/organizations';
import { untilLive, untilNoSessions } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Apollo's multipart HTTP subscriptions on POST /graphql, received by Apollo Client 4's HttpLink alone
 * (no WebSocket link): events with federated fields, follower censorship, a refusal, a stream the server
 * ends (its code and cursor as a transport-level error), resume from that cursor without gap; and the
 * wire format itself (boundary, heartbeats, framing, the close delimiter).
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;
let viewer: Account;
let awsTarget: string;
let alerts: string[];

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_SUBSCRIPTION_BUFFER: '5', VIGIL_SUBSCRIPTION_RECHECK_MS: '300' });
  acme = await t.bootstrap('admin@acme.test', 'Acme');
  viewer = await t.bootstrap('admin@viewer.test', 'Viewer');
  await insertRules(t.vigil.db);
  awsTarget = await createScanTarget(t.vigil.db, acme.organizationId, { name: 'prod-account', kind: 'AWS' });
  await follow(t.vigil.db, viewer.organizationId, acme.organizationId, ['suppliers']);
  alerts = await insertAlerts(t.vigil.db, [
    { organizationId: acme.organizationId, scanTargetId: awsTarget, rule: FIXTURE_RULES[0].id, resource: 'bucket-a', severity: 'HIGH' },
  ]);
});

afterEach(() => untilNoSessions(t.vigil));

afterAll(async () => {
  await t?.close();
});

const apollo = (key: string, base = t.url) =>
  new ApolloClient({ link: new HttpLink({ uri: `${base}/graphql`, headers: { authorization: `Bearer ${key}` } }), cache: new InMemoryCache() });

/** What one Apollo Client subscription emitted: results with data, errors, its completion. */
function received(client: ApolloClient, query: string, variables: Record<string, unknown>) {
  const got = { data: [] as any[], errors: [] as any[], completed: false };
  const waiters: Array<() => void> = [];
  const notify = () => {
    for (const w of waiters.splice(0)) w();
  };
  const subscription = client.subscribe({ query: gql(query), variables, fetchPolicy: 'no-cache' }).subscribe({
    next: (result) => {
      if (result.data) got.data.push(result.data);
      if (result.error) got.errors.push(result.error);
      notify();
    },
    error: (error) => {
      got.errors.push(error);
      notify();
    },
    complete: () => {
      got.completed = true;
      notify();
    },
  });
  const until = async (done: () => boolean, what: string) => {
    const deadline = Date.now() + 15_000;
    while (!done()) {
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(got)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return {
    got,
    stop: () => subscription.unsubscribe(),
    waitFor: (n: number) => until(() => got.data.length >= n, `expected ${n} events`),
    waitForEnd: () => until(() => got.completed, 'expected the end'),
    waitForError: () => until(() => got.errors.length > 0, 'expected an error'),
  };
}

const live = (n: number, vigil: RunningVigil = t.vigil) => untilLive(vigil, n);

const update = async (alertId: string, state: string) => {
  const res = await t.graphql(
    `mutation($org: ID!, $st: ID!, $id: ID!, $state: AlertState!, $label: String!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: $state, labels: [$label] }) { alert { id } } }`,
    { org: acme.organizationId, st: awsTarget, id: alertId, state, label: randomUUID() },
    acme.apiKey,
  );
  if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
};

const ALERT_CHANGED = `subscription AlertChanged($org: ID!, $after: String) {
  alertChanged(organizationId: $org, after: $after) { cursor event alert(lang: EN_US) { id state resource organization { name } scanTarget { kind name } ruleTitle } }
}`;

describe("Apollo Client 4's HttpLink alone", () => {
  it('receives alertChanged events with fields of other subgraphs resolved, and a follower its censored copy', async () => {
    const own = received(apollo(acme.apiKey), ALERT_CHANGED, { org: acme.organizationId });
    const follower = received(
      apollo(viewer.apiKey),
      `subscription($org: ID!) { followingAlertChanged(organizationId: $org) { event alert { id resource organization { name } } } }`,
      { org: viewer.organizationId },
    );
    try {
      await live(2);
      await update(alerts[0], 'IN_PROGRESS');
      await own.waitFor(1);
      await follower.waitFor(1);
    } finally {
      own.stop();
      follower.stop();
    }
    expect(own.got.data[0].alertChanged).toMatchObject({
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
    expect(follower.got.data[0].followingAlertChanged).toMatchObject({
      event: 'ALERT_FOLLOWING_UPDATED',
      alert: { id: `followed:${alerts[0]}`, resource: '[censored]', organization: { name: 'Acme' } },
    });
    expect(own.got.errors).toEqual([]);
  });

  it('refuses a stream of an organization the caller is not a member of (NOT_FOUND), and a document that does not validate as over HTTP', async () => {
    const refused = received(apollo(viewer.apiKey), ALERT_CHANGED, { org: acme.organizationId });
    await refused.waitForEnd();
    expect(refused.got.data).toEqual([]);
    expect(refused.got.errors[0].errors[0].extensions.code).toBe('NOT_FOUND');
    const invalid = received(apollo(acme.apiKey), `subscription($org: ID!) { alertChanged(organizationId: $org) { nope } }`, { org: acme.organizationId });
    await invalid.waitForError();
    expect(invalid.got.errors[0].errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('a stream the server ends arrives as a transport-level error with its code and cursor, and resumes from that cursor without gap', async () => {
    const member = await joinAsMember(t, acme, acme.organizationId, 'member@acme.test');
    const q = `subscription($org: ID!, $after: String) { eventAppended(organizationId: $org, names: [WEBHOOK_CREATED], after: $after) { cursor event { data } } }`;
    const sub = received(apollo(member.apiKey), q, { org: acme.organizationId });
    await live(1);
    // 40 events in one statement: one read of the tail hands them over at once, 8 times the buffer (5).
    await t.vigil.db.pool.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, data) SELECT gen_random_uuid(), $1, 'WebhookCreated', 'test', jsonb_build_object('n', n) FROM generate_series(1, 40) n`,
      [acme.organizationId],
    );
    await sub.waitForEnd();
    const ended = sub.got.errors[0];
    expect(ended.name).toBe('CombinedProtocolErrors');
    expect(ended.errors[0].extensions.code).toBe('SUBSCRIBER_TOO_SLOW');
    const got = sub.got.data.map((m) => m.eventAppended.event.data.n);
    expect(got.length).toBeLessThan(40);
    const resumed = received(apollo(member.apiKey), q, { org: acme.organizationId, after: ended.errors[0].extensions.cursor });
    await resumed.waitFor(40 - got.length);
    expect([...got, ...resumed.got.data.map((m) => m.eventAppended.event.data.n)]).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    // The membership ends while connected: the stream ends FORBIDDEN with its cursor.
    await live(1);
    await t.vigil.db.pool.query(`DELETE FROM organizations.memberships WHERE "userId" = $1 AND "organizationId" = $2`, [member.userId, acme.organizationId]);
    await resumed.waitForEnd();
    expect(resumed.got.errors[0].errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', cursor: expect.any(String) });
  });
  it('a graceful shutdown ends the stream GOING_AWAY with a cursor, and the client resumes on another gateway from it', async () => {
    const b = await t.startAnother();
    let closing: Promise<void> | undefined;
    try {
      const sub = received(apollo(acme.apiKey, b.url), ALERT_CHANGED, { org: acme.organizationId });
      await live(1, b);
      closing = b.close();
      await sub.waitForEnd();
      expect(sub.got.errors[0].name).toBe('CombinedProtocolErrors');
      const ended = sub.got.errors[0].errors[0].extensions;
      expect(ended).toMatchObject({ code: 'GOING_AWAY', cursor: expect.any(String) });
      await closing;
      await update(alerts[0], 'RISK_ACCEPTED');
      const resumed = received(apollo(acme.apiKey), ALERT_CHANGED, { org: acme.organizationId, after: ended.cursor });
      await resumed.waitFor(1);
      expect(resumed.got.data[0].alertChanged.alert).toMatchObject({ id: alerts[0], state: 'RISK_ACCEPTED' });
      resumed.stop();
    } finally {
      await (closing ?? b.close());
    }
  });
});

describe('the wire format', () => {
  it('answers multipart/mixed with boundary graphql: a heartbeat at once and every 5 s, {payload} parts, and closes the stream when the client goes', async () => {
    const abort = new AbortController();
    // The server's heartbeat timer starts after the request is sent (in this process): the second heartbeat cannot
    // arrive sooner than 5 s after this, however loaded the machine (timed from after the stream was live, as it was,
    // a slow `live` shortened the wait measured, and the bound had to be loose: 3 s).
    const sent = Date.now();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      signal: abort.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'multipart/mixed;subscriptionSpec="1.0", application/json',
        authorization: `Bearer ${acme.apiKey}`,
      },
      body: JSON.stringify({ query: ALERT_CHANGED, variables: { org: acme.organizationId } }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('multipart/mixed;boundary="graphql";subscriptionSpec="1.0"');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const { value } = await reader.read();
        text += decoder.decode(value, { stream: true });
      }
    };
    const parts = () =>
      text
        .split('\r\n--graphql')
        .slice(1, -1)
        .map((p) => JSON.parse(p.slice(p.indexOf('\r\n\r\n') + 4)));
    await readUntil(() => parts().length >= 1);
    expect(parts()[0]).toEqual({});
    await live(1);
    await readUntil(() => parts().length >= 2);
    expect(parts()[1]).toEqual({});
    expect(Date.now() - sent).toBeGreaterThanOrEqual(4_990); // 10 ms for the wall clock against the timers' clock
    await update(alerts[0], 'OPEN');
    await readUntil(() => parts().some((p) => p.payload));
    const event = parts().find((p) => p.payload);
    expect(Object.keys(event)).toEqual(['payload']);
    expect(event.payload.data.alertChanged.alert).toMatchObject({ id: alerts[0], state: 'OPEN' });
    expect(text.startsWith('\r\n--graphql\r\nContent-Type: application/json\r\n\r\n{}')).toBe(true);
    abort.abort();
    await untilNoSessions(t.vigil, 5_000);
    expect(t.vigil.subscriptions.sessions.size).toBe(0);
  });

  it('accepts a subscription with @defer and delivers its fragment with the rest of each event (not deferred)', async () => {
    const abort = new AbortController();
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      signal: abort.signal,
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;subscriptionSpec=1.0', authorization: `Bearer ${acme.apiKey}` },
      body: JSON.stringify({
        query: `subscription($org: ID!) { alertChanged(organizationId: $org) { event ... @defer { alert { id state } } } }`,
        variables: { org: acme.organizationId },
      }),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    await live(1);
    await update(alerts[0], 'IN_PROGRESS');
    while (!text.includes('"payload"')) text += decoder.decode((await reader.read()).value, { stream: true });
    expect(text).toContain(`{"payload":{"data":{"alertChanged":{"event":"ALERT_UPDATED","alert":{"id":"${alerts[0]}","state":"IN_PROGRESS"}}}}}`);
    abort.abort();
  });

  it('ends with the close delimiter after a refusal; a query with the multipart Accept header is answered as any query', async () => {
    const res = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;subscriptionSpec=1.0', authorization: `Bearer ${viewer.apiKey}` },
      body: JSON.stringify({ query: ALERT_CHANGED, variables: { org: acme.organizationId } }),
    });
    const text = await res.text();
    expect(text.endsWith('\r\n--graphql--\r\n')).toBe(true);
    expect(text).toContain('"payload":{"errors":[');
    const query = await fetch(`${t.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed;subscriptionSpec=1.0, application/json', authorization: `Bearer ${acme.apiKey}` },
      body: JSON.stringify({ query: '{ me { id } }' }),
    });
    expect(query.headers.get('content-type')).toContain('application/json');
    expect((await query.json()).data.me.id).toBe(acme.userId);
  });

  it('a subscription without a key is refused 401 UNAUTHENTICATED as a query is; without the multipart Accept, 400 BAD_REQUEST naming the transports', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${t.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: ALERT_CHANGED, variables: { org: acme.organizationId } }),
      });
    const anonymous = await post({ accept: 'multipart/mixed;subscriptionSpec=1.0, application/json' });
    expect(anonymous.status).toBe(401);
    expect((await anonymous.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const plain = await post({ accept: 'application/json', authorization: `Bearer ${acme.apiKey}` });
    expect(plain.status).toBe(400);
    const body = await plain.json();
    expect(body.errors[0].extensions.code).toBe('BAD_REQUEST');
    expect(body.errors[0].message).toContain('subscriptionSpec=1.0');
  });
});
