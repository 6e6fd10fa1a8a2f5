import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { subscribe, untilLive, wsClient } from '../../support/subscription-clients';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * A change reaching many subscribers is built and serialized once per (entry, API key, operation, variables)
 * and its text shared by their graphql-ws frames (gateway/subscriptions/service.ts SharedMessages,
 * shared-frames.ts). The sharing never crosses a visibility class or an organization: members and followers
 * sending the very same document and variables get their own payloads (the follower's censored), and a
 * subscriber of another organization sending the same text gets only its own organization's changes.
 */
jest.setTimeout(90_000);

let t: TestVigil;
let acme: Account;
let follower: Account;
let beta: Account;
let acmeTarget: string;
let betaTarget: string;
let acmeAlert: string;
let betaAlert: string;
const ACME_TARGET_NAME = 'shared-fanout-acme-secret-target';
const BETA_TARGET_NAME = 'shared-fanout-beta-target';

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_SUBSCRIPTION_RECHECK_MS: '60000' });
  acme = await t.bootstrap('admin@shared-fanout-acme.test', 'Shared Fanout Acme');
  follower = await t.bootstrap('admin@shared-fanout-follower.test', 'Shared Fanout Follower');
  beta = await t.bootstrap('admin@shared-fanout-beta.test', 'Shared Fanout Beta');
  await insertRules(t.vigil.db);
  acmeTarget = await createScanTarget(t.vigil.db, acme.organizationId, { name: ACME_TARGET_NAME });
  betaTarget = await createScanTarget(t.vigil.db, beta.organizationId, { name: BETA_TARGET_NAME });
  await follow(t.vigil.db, follower.organizationId, acme.organizationId);
  [acmeAlert] = await insertAlerts(t.vigil.db, [
    { organizationId: acme.organizationId, scanTargetId: acmeTarget, rule: FIXTURE_RULES[0].id, resource: 'acme-bucket' },
  ]);
  [betaAlert] = await insertAlerts(t.vigil.db, [
    { organizationId: beta.organizationId, scanTargetId: betaTarget, rule: FIXTURE_RULES[0].id, resource: 'beta-bucket' },
  ]);
});

afterAll(() => t?.close());

async function setState(who: Account, scanTargetId: string, alertId: string, state: string) {
  const res = await t.graphql(
    `mutation($org: ID!, $st: ID!, $id: ID!, $state: AlertState!) { updateAlert(input: { organizationId: $org, scanTargetId: $st, alertId: $id, state: $state }) { alert { id } } }`,
    { org: who.organizationId, st: scanTargetId, id: alertId, state },
    who.apiKey,
  );
  expect(res.body.errors).toBeUndefined();
}

const live = (n: number) => untilLive(t.vigil, n);

/** One text for every subscriber below: the members', the follower's and the other organization's. */
const POSTURE_CHANGED = `subscription($org: ID!) {
  postureChanged(organizationId: $org) {
    cursor
    posture { view open { total } byState: breakdown(input: { by: STATE }) { nodes { key } } byTarget: breakdown(input: { by: SCAN_TARGET }) { nodes { key label } } }
  }
}`;

describe('a change shared by many graphql-ws subscribers', () => {
  it('members and followers sending the same subscription get their own payloads, each class one payload; another organization gets only its own', async () => {
    // Two connections per class, subscribed in turn, so that each class shares its messages and the classes interleave.
    const clients = [acme, follower, acme, follower, beta].map((who) => ({ who, client: wsClient(t.url, { apiKey: who.apiKey }) }));
    try {
      const subs = clients.map(({ who, client }) => subscribe(client, POSTURE_CHANGED, { org: who === beta ? beta.organizationId : acme.organizationId }));
      const [member1, follower1, member2, follower2, other] = subs;
      await live(subs.length);

      await setState(acme, acmeTarget, acmeAlert, 'IN_PROGRESS');
      for (const sub of [member1, follower1, member2, follower2]) await sub.waitFor(1, 10_000);

      const members = [member1, member2].map((s) => s.data[0].postureChanged);
      const followers = [follower1, follower2].map((s) => s.data[0].postureChanged);
      for (const seen of members) {
        expect(seen.posture.view).toBe('MEMBER');
        expect(seen.posture.byTarget.nodes).toEqual([{ key: acmeTarget, label: ACME_TARGET_NAME }]);
        expect(seen.posture.byState.nodes.map((n: { key: string }) => n.key)).toEqual(['IN_PROGRESS']);
      }
      for (const seen of followers) {
        expect(seen.posture.view).toBe('FOLLOWER');
        expect(seen.posture.byTarget.nodes).toEqual([{ key: acmeTarget, label: null }]);
        expect(seen.posture.byState.nodes.map((n: { key: string }) => n.key)).toEqual(['IN_PROGRESS']);
        expect(JSON.stringify(seen)).not.toContain(ACME_TARGET_NAME);
      }
      // Within a class one payload (shared); between the classes two.
      expect(members[1]).toEqual(members[0]);
      expect(followers[1]).toEqual(followers[0]);
      expect(followers[0]).not.toEqual(members[0]);

      // The sentinel: beta's own change reaches its subscriber after acme's would have; acme's never did.
      await setState(beta, betaTarget, betaAlert, 'IN_PROGRESS');
      await other.waitFor(1, 10_000);
      expect(other.data).toHaveLength(1);
      expect(other.data[0].postureChanged.posture).toMatchObject({
        view: 'MEMBER',
        byTarget: { nodes: [{ key: betaTarget, label: BETA_TARGET_NAME }] },
      });
      expect(JSON.stringify(other.data)).not.toContain(ACME_TARGET_NAME);
      for (const sub of subs) expect(sub.errors).toEqual([]);
    } finally {
      await Promise.all(clients.map(({ client }) => client.dispose()));
    }
  });
});
