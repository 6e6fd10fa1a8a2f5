import { randomUUID } from 'node:crypto';
import { createScanTarget, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { joinAsMember } from '../../support/organizations';
import { call } from '../../support/questionnaires';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Relay's object identification (subgraphs/organizations/node.graphql): `node(id:)` and `nodes(ids:)`
 * through Vigil's gateway answer each type as the caller sees it in its lists — the whole object to a
 * member, the censored alert copy (its `followed:` id) to a follower, and null with no error to a
 * stranger or for an absent or malformed id. The returned `id` is the id asked for.
 */
let t: TestVigil;
let owner: Account;
let follower: Account;
let stranger: Account;
let alertId: string;
let scanTargetId: string;
let questionnaireId: string;
let webhookId: string;
let reader: Account; // a member of the owner's organization without the ADMIN role

const SECRET_RESOURCE = 'db-prod-7.secret.internal';
const NODE = `query($id: ID!) { node(id: $id) { __typename id
  ... on Organization { name }
  ... on Alert { alertId resource severity scanTarget { id } }
  ... on ScanTarget { name }
  ... on Questionnaire { name }
  ... on Webhook { url secret }
} }`;
const NODES = `query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Alert { resource } ... on Organization { name } } }`;

async function node(who: Account, id: string) {
  const answer = await t.graphql(NODE, { id }, who.apiKey);
  expect(answer.status).toBe(200);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.node;
}

beforeAll(async () => {
  t = await startTestVigil();
  owner = await t.bootstrap('olga@owner.example', 'Owner Org');
  follower = await t.bootstrap('fay@follower.example', 'Follower Org');
  stranger = await t.bootstrap('sam@stranger.example', 'Stranger Org');
  await follow(t.vigil.db, follower.organizationId, owner.organizationId);
  await insertRules(t.vigil.db);
  scanTargetId = await createScanTarget(t.vigil.db, owner.organizationId, { name: 'prod db' });
  [alertId] = await insertAlerts(t.vigil.db, [
    { organizationId: owner.organizationId, scanTargetId, rule: 'fx-root-mfa', resource: SECRET_RESOURCE, severity: 'CRITICAL' },
  ]);
  questionnaireId = (await call(t, owner, 'POST', `/organizations/${owner.organizationId}/questionnaires`, { name: 'Vendor review', description: 'd' })).id;
  const webhook = await t.vigil.db.pool.query(
    `INSERT INTO documents.webhooks (id, "organizationId", url, secret) VALUES (gen_random_uuid(), $1, 'https://hooks.example/vigil', 'whsec_x') RETURNING id`,
    [owner.organizationId],
  );
  webhookId = webhook.rows[0].id;
  reader = await joinAsMember(t, owner, owner.organizationId, 'rita@owner.example');
}, 120_000);
afterAll(() => t.close());

describe('node(id:) for a member', () => {
  it('answers each type whole, with the id asked for', async () => {
    expect(await node(owner, owner.organizationId)).toEqual({ __typename: 'Organization', id: owner.organizationId, name: 'Owner Org' });
    expect(await node(owner, alertId)).toEqual({
      __typename: 'Alert',
      id: alertId,
      alertId,
      resource: SECRET_RESOURCE,
      severity: 'CRITICAL',
      scanTarget: { id: scanTargetId },
    });
    expect(await node(owner, scanTargetId)).toEqual({ __typename: 'ScanTarget', id: scanTargetId, name: 'prod db' });
    expect(await node(owner, questionnaireId)).toEqual({ __typename: 'Questionnaire', id: questionnaireId, name: 'Vendor review' });
    // A webhook to its organization's ADMINs, as webhook(organizationId:, id:) answers it (no secret).
    expect(await node(owner, webhookId)).toEqual({ __typename: 'Webhook', id: webhookId, url: 'https://hooks.example/vigil', secret: null });
  });

  it('answers a webhook to ADMINs only: null, no error, to a member without the role', async () => {
    expect(await node(reader, webhookId)).toBeNull();
    expect(await node(reader, questionnaireId)).toEqual({ __typename: 'Questionnaire', id: questionnaireId, name: 'Vendor review' });
  });
});

describe('node(id:) for a follower', () => {
  it('answers the followed organization and the censored alert copy, under the id its lists give', async () => {
    expect(await node(follower, owner.organizationId)).toEqual({ __typename: 'Organization', id: owner.organizationId, name: 'Owner Org' });
    const list = await t.graphql(
      `query($org: ID!) { followingAlerts(organizationId: $org) { nodes { id } } }`,
      { org: follower.organizationId },
      follower.apiKey,
    );
    const listedId = list.body.data.followingAlerts.nodes[0].id;
    expect(listedId).toBe(`followed:${alertId}`);
    const copy = await node(follower, listedId);
    expect(copy).toEqual({ __typename: 'Alert', id: listedId, alertId, resource: '[censored]', severity: 'CRITICAL', scanTarget: null });
    expect(JSON.stringify(copy)).not.toContain(SECRET_RESOURCE);
  });

  it('answers null, no error, for what its lists do not show: the plain alert id, scan targets, questionnaires', async () => {
    expect(await node(follower, alertId)).toBeNull();
    expect(await node(follower, scanTargetId)).toBeNull();
    expect(await node(follower, questionnaireId)).toBeNull();
    expect(await node(follower, webhookId)).toBeNull();
  });
});

describe('node(id:) for anything else', () => {
  it('answers null, no error, to a stranger for every type', async () => {
    for (const id of [owner.organizationId, alertId, `followed:${alertId}`, scanTargetId, questionnaireId, webhookId]) {
      expect(await node(stranger, id)).toBeNull();
    }
  });

  it('answers null, no error, for absent ids, and a client error for malformed ones', async () => {
    for (const id of [randomUUID(), `followed:${randomUUID()}`, `followed:${owner.organizationId}`, `followed:${webhookId}`]) {
      expect(await node(owner, id)).toBeNull();
    }
    for (const id of ['not-an-id', '', 'followed:x']) {
      const answer = await t.graphql(NODE, { id }, owner.apiKey);
      expect(answer.body.data?.node ?? null).toBeNull();
      expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_REQUEST']);
    }
  });
});

describe('nodes(ids:)', () => {
  it('answers a mixed list in order, null where node(id:) is null', async () => {
    const ids = [alertId, follower.organizationId, randomUUID(), owner.organizationId, `followed:${alertId}`];
    const answer = await t.graphql(NODES, { ids }, owner.apiKey);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.nodes).toEqual([
      { __typename: 'Alert', id: alertId, resource: SECRET_RESOURCE },
      null,
      null,
      { __typename: 'Organization', id: owner.organizationId, name: 'Owner Org' },
      // A member may read the follower's copy of its own alert too (the alerts subgraph's `followed:` key).
      { __typename: 'Alert', id: `followed:${alertId}`, resource: '[censored]' },
    ]);
    const asFollower = await t.graphql(NODES, { ids }, follower.apiKey);
    expect(asFollower.body.errors).toBeUndefined();
    expect(asFollower.body.data.nodes).toEqual([
      null,
      { __typename: 'Organization', id: follower.organizationId, name: 'Follower Org' },
      null,
      { __typename: 'Organization', id: owner.organizationId, name: 'Owner Org' },
      { __typename: 'Alert', id: `followed:${alertId}`, resource: '[censored]' },
    ]);
  });

  it('refuses more than 100 ids with a client error', async () => {
    const answer = await t.graphql(NODES, { ids: Array.from({ length: 101 }, () => randomUUID()) }, owner.apiKey);
    expect(answer.body.errors?.map((e) => e.extensions?.code)).toEqual(['BAD_REQUEST']);
  });
});
