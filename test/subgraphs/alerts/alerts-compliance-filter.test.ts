import { createScanTarget, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/** AlertFilter.compliances: the alerts carrying any of the given compliance tags, in members' and followers' lists and counts. */
let t: TestVigil;
let alice: Account; // ADMIN of Alice Corp, which owns the alerts
let follower: Account; // ADMIN of an organization following Alice Corp
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestVigil();
  alice = await t.bootstrap('alice@example.com', 'Alice Corp');
  follower = await t.bootstrap('fred@example.com', 'Fred Follows');
  await follow(t.vigil.db, follower.organizationId, alice.organizationId);
  await insertRules(t.vigil.db);
  const target = await createScanTarget(t.vigil.db, alice.organizationId);
  const tagged: Record<string, string[]> = {
    'pci-only': ['PCI-DSS'],
    'pci-and-lgpd': ['LGPD', 'PCI-DSS'],
    'lgpd-only': ['LGPD'],
    'cis-control': ['CIS-AWS-2.1'],
    untagged: [],
  };
  const names = Object.keys(tagged);
  const inserted = await insertAlerts(
    t.vigil.db,
    names.map((resource) => ({ organizationId: alice.organizationId, scanTargetId: target, rule: 'fx-root-mfa', resource, severity: 'HIGH' })),
  );
  for (const [i, resource] of names.entries()) {
    ids[resource] = inserted[i];
    await t.vigil.db.pool.query('UPDATE alerts.alerts SET compliances = $2 WHERE id = $1', [inserted[i], tagged[resource]]);
  }
}, 120_000);
afterAll(() => t.close());

const resourcesOf = (nodes: { alertId: string }[]) =>
  nodes
    .map((n) => Object.keys(ids).find((k) => ids[k] === n.alertId))
    .filter(Boolean)
    .sort();

describe('the alert lists filter by compliance tags', () => {
  it('lists a member the alerts carrying any of the tags, and counts the same ones', async () => {
    const res = await t.graphql(
      `query($org: ID!, $filter: AlertFilter) {
         alerts(organizationId: $org, filter: $filter, first: 100) { nodes { alertId compliances } }
         alertSummary(organizationId: $org, filter: $filter) { total }
       }`,
      { org: alice.organizationId, filter: { compliances: ['PCI-DSS', 'CIS-AWS-2.1'] } },
      alice.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    expect(resourcesOf(res.body.data.alerts.nodes)).toEqual(['cis-control', 'pci-and-lgpd', 'pci-only']);
    expect(res.body.data.alertSummary.total).toBe(3);
  });

  it('matches tags exactly: a framework name alone is not a prefix of its controls', async () => {
    const res = await t.graphql(
      `query($org: ID!) { alerts(organizationId: $org, filter: { compliances: ["CIS"] }) { nodes { alertId } } }`,
      { org: alice.organizationId },
      alice.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.alerts.nodes).toEqual([]);
  });

  it('treats an empty list as no filter', async () => {
    const res = await t.graphql(
      `query($org: ID!) { alerts(organizationId: $org, filter: { compliances: [] }, first: 100) { nodes { alertId } } }`,
      { org: alice.organizationId },
      alice.apiKey,
    );
    expect(resourcesOf(res.body.data.alerts.nodes)).toEqual(Object.keys(ids).sort());
  });

  it('lets a follower filter a followed organization’s censored alerts by compliance (compliances are not hidden)', async () => {
    const res = await t.graphql(
      `query($org: ID!) {
         followingAlerts(organizationId: $org, filter: { compliances: ["LGPD"] }, first: 100) { nodes { id alertId resource compliances } }
       }`,
      { org: follower.organizationId },
      follower.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    const nodes = res.body.data.followingAlerts.nodes;
    expect(resourcesOf(nodes)).toEqual(['lgpd-only', 'pci-and-lgpd']);
    for (const node of nodes) {
      expect(node.resource).toBe('[censored]');
      expect(node.compliances).toContain('LGPD');
    }
  });

  it('answers a value of the wrong type or a NUL character with a GraphQL error naming it, not a 500', async () => {
    const res = await t.graphql(
      `query($org: ID!) { alerts(organizationId: $org, filter: { compliances: [1] }) { nodes { alertId } } }`,
      { org: alice.organizationId },
      alice.apiKey,
    );
    expect(res.status).toBeLessThan(500);
    expect(res.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // A NUL character (PostgreSQL text cannot hold it) is refused before any statement, naming the entry.
    const nul = await t.graphql(
      'query($org: ID!, $f: AlertFilter) { alerts(organizationId: $org, filter: $f) { nodes { alertId } } }',
      { org: alice.organizationId, f: { compliances: ['LGPD', 'bad\u0000tag'] } },
      alice.apiKey,
    );
    expect(nul.status).toBeLessThan(500);
    expect(nul.body.errors?.[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'f.compliances.1' });
  });
});
