import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from './support/alert-fixtures';
import { sseSubscribe, subscribe, wsClient } from './support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from './support/vigil';

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

afterEach(async () => {
  const deadline = Date.now() + 15_000;
  while (t.vigil.subscriptions.sessions.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
});
afterAll(() => t?.close());

async function setState(alertId: string, state: string) {
  const res = await t.graphql(
    `mutation($org: ID!, $st: ID!, $id: ID!, $state: AlertState!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: $state }) { alert { id } } }`,
    { org: acme.organizationId, st: target, id: alertId, state },
    acme.apiKey,
  );
  expect(res.body.errors).toBeUndefined();
}

async function live(n: number) {
  const deadline = Date.now() + 15_000;
  while (t.vigil.subscriptions.liveCount() < n) {
    if (Date.now() > deadline) throw new Error(`only ${t.vigil.subscriptions.liveCount()} of ${n} streams live`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const POSTURE_CHANGED = `subscription($org: ID!, $after: String) {
  postureChanged(organizationId: $org, after: $after) {
    cursor
    posture { view open { critical high low total } grade byState: breakdown(input: { by: STATE }) { nodes { key counts { total } } }
      byTarget: breakdown(input: { by: SCAN_TARGET }) { nodes { key label } } scanFreshness { totalCount } }
  }
}`;

const stateCount = (posture: { byState: { nodes: Array<{ key: string; counts: { total: number } }> } }, state: string) =>
  posture.byState.nodes.find((n) => n.key === state)?.counts.total ?? 0;

describe('postureChanged over graphql-ws', () => {
  it('pushes the posture the member selected within 1 s of a change, equal to Query.posture', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    const sub = subscribe(client, POSTURE_CHANGED, { org: acme.organizationId });
    try {
      await live(1);
      const changed = Date.now();
      await setState(alerts[1], 'IN_PROGRESS');
      const [message] = await sub.waitFor(1, 5000);
      expect(Date.now() - changed).toBeLessThan(1000);
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
      await client.dispose();
    }
  });

  it('coalesces a burst of changes: at most one message per second, the last one with the posture after them all', async () => {
    const client = wsClient(t.url, { authorization: `Bearer ${acme.apiKey}` });
    // Each message timed as the client receives it.
    const times: number[] = [];
    const messages: any[] = [];
    const stop = client.subscribe(
      { query: POSTURE_CHANGED, variables: { org: acme.organizationId } },
      {
        next: (m) => {
          times.push(Date.now());
          messages.push(m.data);
        },
        error: () => undefined,
        complete: () => undefined,
      },
    );
    const sub = { stop };
    try {
      await live(1);
      const started = Date.now();
      // 20 changes in about 2 s (alternating two alerts' states, the last leaving alert 0 RISK_ACCEPTED, alert 3 IN_PROGRESS).
      for (let i = 0; i < 20; i++) {
        await setState(alerts[i % 2 === 0 ? 0 : 3], i % 4 < 2 ? 'IN_PROGRESS' : 'RISK_ACCEPTED');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await setState(alerts[0], 'RISK_ACCEPTED');
      await setState(alerts[3], 'IN_PROGRESS');
      const lastChange = Date.now();
      // The change's message arrives within about 1 s of the last change, then nothing more.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(messages.length).toBeGreaterThanOrEqual(2);
      expect(messages.length).toBeLessThanOrEqual(Math.ceil((lastChange - started) / 1000) + 2);
      // Gaps are measured where the messages arrive: one delivered late by a busy event loop shortens the next gap
      // (920 ms seen in a clean-clone CI run at load ~5, the sends a second apart); the count above bounds the rate.
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(800);
      expect(times.at(-1)! - lastChange).toBeLessThan(1100);
      const last = messages.at(-1).postureChanged.posture;
      expect(stateCount(last, 'RISK_ACCEPTED')).toBe(1);
      expect(stateCount(last, 'IN_PROGRESS')).toBe(2);
    } finally {
      sub.stop();
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
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(resumed.data).toHaveLength(1);
      expect(missed.postureChanged.cursor).not.toBe(cursor);
    } finally {
      resumed.stop();
    }
  });
});
