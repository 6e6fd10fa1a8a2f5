import { loadavg } from 'node:os';
import type { Client } from 'graphql-ws';
import { POSTURE_COALESCE_MS } from '../../../lib/subscriptions/streams';
import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { sseSubscribe, subscribe, untilLive, untilNoSessions, wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Subscription.postureChanged (issue 33, item 4) through the real graphql-ws and graphql-sse clients:
 * the message carries the posture itself (the subscriber's selection, as Query.posture answers it),
 * within 1 s of a change, at most one message per second however many changes, censored for a
 * follower, resumable with `after`.
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;
let viewer: Account;
let stranger: Account;
let target: string;
let alerts: string[];
const TARGET_NAME = 'posture-live-secret-target';

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('admin@posture-live.test', 'Posture Live');
  viewer = await t.bootstrap('admin@posture-viewer.test', 'Posture Viewer');
  stranger = await t.bootstrap('admin@posture-stranger.test', 'Posture Stranger');
  await insertRules(t.vigil.db);
  target = await createScanTarget(t.vigil.db, acme.organizationId, { name: TARGET_NAME, kind: 'AWS' });
  await follow(t.vigil.db, viewer.organizationId, acme.organizationId);
  alerts = await insertAlerts(
    t.vigil.db,
    ['CRITICAL', 'HIGH', 'HIGH', 'LOW'].map((severity, i) => ({
      organizationId: acme.organizationId,
      scanTargetId: target,
      rule: FIXTURE_RULES[0].id,
      resource: `live-${i}`,
      severity: severity as 'HIGH',
    })),
  );
});

afterEach(() => untilNoSessions(t.vigil));
afterAll(() => t?.close());

async function setState(alertId: string, state: string) {
  const res = await t.graphql(
    `mutation($org: ID!, $st: ID!, $id: ID!, $state: AlertState!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: $state }) { alert { id } } }`,
    { org: acme.organizationId, st: target, id: alertId, state },
    acme.apiKey,
  );
  expect(res.body.errors).toBeUndefined();
}

const live = (n: number) => untilLive(t.vigil, n);

const POSTURE_CHANGED = `subscription($org: ID!, $after: String) {
  postureChanged(organizationId: $org, after: $after) {
    cursor
    posture { view open { critical high low total } grade byState: breakdown(input: { by: STATE }) { nodes { key counts { total } } }
      byTarget: breakdown(input: { by: SCAN_TARGET }) { nodes { key label } } scanFreshness { totalCount } }
  }
}`;

const stateCount = (posture: { byState: { nodes: Array<{ key: string; counts: { total: number } }> } }, state: string) =>
  posture.byState.nodes.find((n) => n.key === state)?.counts.total ?? 0;

/** A change on a stream that is not coalesced: the posture's messages are timed against its messages. */
const ALERT_CHANGED = `subscription($org: ID!) { alertChanged(organizationId: $org) { seq } }`;

/** A graphql-ws subscription whose messages are timed as the client receives them. */
function timedSubscription(client: Client, query: string, variables: Record<string, unknown>) {
  const received: Array<{ data: any; at: number }> = [];
  const stop = client.subscribe(
    { query, variables },
    { next: (m) => received.push({ data: m.data, at: Date.now() }), error: () => undefined, complete: () => undefined },
  );
  /** Until the messages received satisfy `done` (one message by default); the last of them, timed. */
  async function until(done: (messages: any[]) => boolean = (messages) => messages.length > 0, ms = 10_000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = done(received.map((m) => m.data)) ? received.at(-1) : undefined;
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message in ${ms} ms: ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
  return { received, stop, until };
}

describe('postureChanged over graphql-ws', () => {
  it('pushes the posture the member selected at a change, less than a coalescing window behind a stream that is not coalesced, equal to Query.posture', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const sub = timedSubscription(client, POSTURE_CHANGED, { org: acme.organizationId });
    // The same change on a stream that is not coalesced, beside it: the posture's message is timed against that one's
    // (a bar of 1,000 ms from the mutation failed at load 15 with nothing wrong: 1,602 ms, the mutation's answer slow).
    const uncoalesced = timedSubscription(client, ALERT_CHANGED, { org: acme.organizationId });
    try {
      await live(2);
      const changed = Date.now();
      await setState(alerts[1], 'IN_PROGRESS');
      const [pushed, reference] = await Promise.all([sub.until(), uncoalesced.until()]);
      console.log(`postureChanged ${pushed.at - changed} ms, alertChanged ${reference.at - changed} ms after the change (load ${loadavg()[0].toFixed(1)})`);
      // Not held back for a coalescing window: it would then come a window behind the stream that is not coalesced.
      expect(pushed.at - reference.at).toBeLessThan(POSTURE_COALESCE_MS);
      const message = pushed.data;
      const posture = message.postureChanged.posture;
      expect(posture).toMatchObject({ view: 'MEMBER', open: { critical: 1, high: 2, low: 1, total: 4 }, grade: 'D', scanFreshness: { totalCount: 1 } });
      expect(stateCount(posture, 'IN_PROGRESS')).toBe(1);
      expect(posture.byTarget.nodes).toEqual([{ key: target, label: TARGET_NAME }]);
      const query = await t.graphql(
        `query($org: ID!) { posture(organizationId: $org) { view open { critical high low total } grade byState: breakdown(input: { by: STATE }) { nodes { key counts { total } } }
           byTarget: breakdown(input: { by: SCAN_TARGET }) { nodes { key label } } scanFreshness { totalCount } } }`,
        { org: acme.organizationId },
        acme.apiKey,
      );
      expect(posture).toEqual(query.body.data.posture);
      expect(typeof message.postureChanged.cursor).toBe('string');
    } finally {
      sub.stop();
      uncoalesced.stop();
      await client.dispose();
    }
  });

  it('coalesces a burst of changes: at most one message per second, the last one with the posture after them all', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const sub = timedSubscription(client, POSTURE_CHANGED, { org: acme.organizationId });
    const uncoalesced = timedSubscription(client, ALERT_CHANGED, { org: acme.organizationId });
    try {
      await live(2);
      const started = Date.now();
      // 20 changes in about 2 s (alternating two alerts' states, the last leaving both RISK_ACCEPTED), then two more:
      // alert 3 and alert 2 (OPEN until now) IN_PROGRESS. Only the posture after them all has 3 IN_PROGRESS and
      // 1 RISK_ACCEPTED (alert 1 is IN_PROGRESS since the first test): no message before it can be taken for it.
      for (let i = 0; i < 20; i++) {
        await setState(alerts[i % 2 === 0 ? 0 : 3], i % 4 < 2 ? 'IN_PROGRESS' : 'RISK_ACCEPTED');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await setState(alerts[3], 'IN_PROGRESS');
      await setState(alerts[2], 'IN_PROGRESS');
      const lastChange = Date.now();
      // The 22 changes as the stream that is not coalesced delivers them, and the posture after them all.
      const lastReference = await uncoalesced.until((messages) => messages.length >= 22);
      const final = (posture: any) => stateCount(posture, 'RISK_ACCEPTED') === 1 && stateCount(posture, 'IN_PROGRESS') === 3;
      const settled = await sub.until((messages) => messages.length > 0 && final(messages.at(-1).postureChanged.posture));
      const messages = sub.received.map((m) => m.data);
      const times = sub.received.map((m) => m.at);
      console.log(
        `${messages.length} posture messages for 22 changes in ${lastChange - started} ms; the last ${settled.at - lastReference.at} ms after the uncoalesced stream's (load ${loadavg()[0].toFixed(1)})`,
      );
      expect(messages.length).toBeGreaterThanOrEqual(2);
      expect(messages.length).toBeLessThanOrEqual(Math.ceil((lastChange - started) / 1000) + 2);
      // Gaps are measured where the messages arrive: one delivered late by a busy event loop shortens the next gap
      // (920 ms seen in a clean-clone CI run at load ~5, 643 ms at load 19, the sends a second apart), so it is their
      // median (the upper one) that must be near a window; the count above bounds the rate.
      const gaps = times.slice(1).map((at, i) => at - times[i]);
      expect([...gaps].sort((a, b) => a - b)[gaps.length >> 1]).toBeGreaterThanOrEqual(800);
      // At most a window after the previous message, so within two windows of the same change on the stream that is
      // not coalesced (a bar of 1,100 ms from the mutations raced the machine's load).
      expect(settled.at - lastReference.at).toBeLessThan(2 * POSTURE_COALESCE_MS);
      expect(messages.at(-1)).toBe(settled.data);
    } finally {
      sub.stop();
      uncoalesced.stop();
      await client.dispose();
    }
  });

  it('a stranger is refused (NOT_FOUND) and gets no stream', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${stranger.apiKey}` });
    const sub = subscribe(client, POSTURE_CHANGED, { org: acme.organizationId });
    try {
      await sub.waitForEnd();
      expect(sub.data).toEqual([]);
      expect(sub.errors[0]?.extensions?.code ?? sub.errors[0]?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await client.dispose();
    }
  });
});

describe('postureChanged over SSE', () => {
  it('a follower gets the censored posture: view FOLLOWER, no scan target name, scanFreshness null', async () => {
    const sub = sseSubscribe(t.url, viewer.apiKey, POSTURE_CHANGED, { org: acme.organizationId });
    try {
      await live(1);
      await setState(alerts[2], 'FALSE_POSITIVE');
      const [message] = await sub.waitFor(1, 5000);
      const posture = message.postureChanged.posture;
      expect(posture).toMatchObject({ view: 'FOLLOWER', scanFreshness: null, byTarget: { nodes: [{ key: target, label: null }] } });
      expect(stateCount(posture, 'FALSE_POSITIVE')).toBe(1);
      expect(JSON.stringify(message)).not.toContain(TARGET_NAME);
    } finally {
      sub.stop();
    }
  });

  it('resumes with `after`: the changes missed meanwhile come as one message with the posture now', async () => {
    const first = sseSubscribe(t.url, acme.apiKey, POSTURE_CHANGED, { org: acme.organizationId });
    await live(1);
    await setState(alerts[2], 'OPEN');
    const [message] = await first.waitFor(1, 5000);
    first.stop();
    const cursor = message.postureChanged.cursor;
    await new Promise((resolve) => setTimeout(resolve, 300));
    await setState(alerts[1], 'MITIGATING_CONTROL');
    await setState(alerts[2], 'MITIGATING_CONTROL');
    const resumed = sseSubscribe(t.url, acme.apiKey, POSTURE_CHANGED, { org: acme.organizationId, after: cursor });
    try {
      const [missed] = await resumed.waitFor(1, 5000);
      expect(stateCount(missed.postureChanged.posture, 'MITIGATING_CONTROL')).toBe(2);
      expect(missed.postureChanged.cursor).not.toBe(cursor);
      // Nothing more for the changes already sent, proved by a sentinel (not by a pause): the next message is the
      // posture after one more change.
      await setState(alerts[1], 'OPEN');
      const [, next] = await resumed.waitFor(2, 10_000);
      expect(stateCount(next.postureChanged.posture, 'MITIGATING_CONTROL')).toBe(1);
    } finally {
      resumed.stop();
    }
  });
});
