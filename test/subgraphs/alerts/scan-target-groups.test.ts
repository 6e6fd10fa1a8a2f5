import { loadConfig } from '../../../lib/config';
import { decryptCredential } from '../../../subgraphs/alerts/scan-targets/credentials';
import { PAGE_SELECTION, pageThrough } from '../../support/connections';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

let t: TestVigil;
let admin: Account;
let member: Account;
let stranger: Account;
let follower: Account;
let org: string;

const GROUP_CREDENTIAL = {
  region: 'sa-saopaulo-1',
  tenancy_id: 'ocid1.tenancy.oc1..aaaaaaaatenancyroot',
  user_id: 'ocid1.user.oc1..aaaaaaaascanner',
  key_fingerprint: 'AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99',
};
const SHOWN_CREDENTIAL = { ...GROUP_CREDENTIAL, key_fingerprint: GROUP_CREDENTIAL.key_fingerprint.toLowerCase() };
const PROD = { name: 'production', ocid: 'ocid1.compartment.oc1..aaaaaaaaproduction' };
const DEV = { name: 'development', ocid: 'ocid1.compartment.oc1..aaaaaaaadevelopment' };

const groups = (suffix = '') => `/organizations/${org}/scantargetgroups${suffix}`;

async function createGroup(body: { name: string; kind: string }) {
  const res = await t.rest('POST', groups(), { key: admin.apiKey, body });
  if (res.status !== 200) throw new Error(`create group failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@oracle.example', 'Oracle Shop');
  member = await t.bootstrap('member@oracle.example', 'Member Home');
  stranger = await t.bootstrap('stranger@else.example', 'Elsewhere Inc');
  follower = await t.bootstrap('watcher@follow.example', 'Watcher Ltd');
  org = admin.organizationId;
  await t.vigil.db.prisma.membership.create({ data: { organizationId: org, userId: member.userId, roles: [] } });
  await t.vigil.db.prisma.follow.create({ data: { followerId: follower.organizationId, followedId: org } });
});
afterAll(() => t.close());

describe('scan target groups', () => {
  it('creates, lists, reads and renames groups of kind ORACLE, BITBUCKET and GITLAB only', async () => {
    const oracle = await createGroup({ name: 'OCI tenancy', kind: 'ORACLE' });
    expect(oracle).toMatchObject({ organizationId: org, name: 'OCI tenancy', kind: 'ORACLE', credential: {} });
    const gitlab = await createGroup({ name: 'GitLab', kind: 'gitlab' });
    expect(gitlab.kind).toBe('GITLAB');

    const bad = await t.rest('POST', groups(), { key: admin.apiKey, body: { name: 'aws', kind: 'AWS' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/AWS/);
    const noName = await t.rest('POST', groups(), { key: admin.apiKey, body: { name: '', kind: 'ORACLE' } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/name/);

    const list = await t.rest('GET', groups(), { key: member.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.map((g: { id: string }) => g.id)).toEqual([oracle.id, gitlab.id]);
    const one = await t.rest('GET', groups(`/${oracle.id}`), { key: member.apiKey });
    expect(one.body).toMatchObject({ id: oracle.id, name: 'OCI tenancy' });

    const renamed = await t.rest('PUT', groups(`/${oracle.id}`), { key: admin.apiKey, body: { name: 'OCI main' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: oracle.id, name: 'OCI main', kind: 'ORACLE' });
  });

  it('stores the Oracle credential encrypted, lists compartments and creates one ORACLE scan target per compartment', async () => {
    const group = await createGroup({ name: 'tenancy', kind: 'ORACLE' });
    const early = await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments: [PROD] } });
    expect(early.status).toBe(400);
    expect(early.body.message).toMatch(/credential/);

    const badCredential = await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: { ...GROUP_CREDENTIAL, user_id: 'me' } } });
    expect(badCredential.status).toBe(400);
    expect(badCredential.body.message).toMatch(/^credential\.user_id: must be a user OCID/);
    const missing = await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: { region: 'sa-saopaulo-1' } } });
    expect(missing.body.message).toMatch(/^credential\.tenancy_id: is required/);

    const inserted = await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: GROUP_CREDENTIAL } });
    expect(inserted.status).toBe(200);
    expect(inserted.body).toMatchObject({ id: group.id, credential: SHOWN_CREDENTIAL });
    const row = await t.vigil.db.prisma.scanTargetGroup.findUniqueOrThrow({ where: { id: group.id } });
    expect(row.credentialEncrypted).toMatch(/^v1\./);
    expect(decryptCredential(t.secret, org, row.credentialEncrypted!)).toEqual(SHOWN_CREDENTIAL);

    const rootOnly = await t.rest('GET', groups(`/${group.id}/targets`), { key: member.apiKey });
    expect(rootOnly.status).toBe(200);
    expect(rootOnly.body).toEqual([{ name: 'root', ocid: GROUP_CREDENTIAL.tenancy_id }]);

    const created = await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments: [PROD] } });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      organizationId: org,
      groupId: group.id,
      kind: 'ORACLE',
      name: 'production',
      credential: { compartment_id: PROD.ocid, ...SHOWN_CREDENTIAL },
      schedule: { frequency: '1d', timeOfDay: 'NIGHT' },
      status: 'NEW',
    });
    const target = await t.rest('GET', `/organizations/${org}/scantargets/${created.body.id}`, { key: admin.apiKey });
    expect(target.body).toMatchObject({ id: created.body.id, groupId: group.id, kind: 'ORACLE' });
    const stored = await t.vigil.db.prisma.scanTarget.findUniqueOrThrow({ where: { id: created.body.id } });
    expect(decryptCredential(t.secret, org, stored.credentialEncrypted)).toEqual({ compartment_id: PROD.ocid, ...SHOWN_CREDENTIAL });

    const two = await t.rest('POST', groups(`/${group.id}/targets`), {
      key: admin.apiKey,
      body: { compartments: [DEV, { name: 'root', ocid: GROUP_CREDENTIAL.tenancy_id }], tags: ['oci'] },
    });
    expect(two.status).toBe(200);
    expect(two.body.map((s: { name: string; tags: string[] }) => [s.name, s.tags])).toEqual([
      ['development', ['oci']],
      ['root', ['oci']],
    ]);

    const again = await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments: [PROD] } });
    expect(again.status).toBe(409);
    const badOcid = await t.rest('POST', groups(`/${group.id}/targets`), {
      key: admin.apiKey,
      body: { compartments: [{ name: 'x', ocid: 'ocid1.user.oc1..nope' }] },
    });
    expect(badOcid.status).toBe(400);
    expect(badOcid.body.message).toMatch(/^compartments\[0\]\.ocid: must be a compartment OCID/);
    const none = await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments: [] } });
    expect(none.status).toBe(400);

    const compartments = await t.rest('GET', groups(`/${group.id}/targets`), { key: admin.apiKey });
    expect(compartments.body).toEqual([{ name: 'root', ocid: GROUP_CREDENTIAL.tenancy_id }, PROD, DEV]);

    const groupTargets = await t.rest('GET', groups(`/${group.id}/scantargets`), { key: member.apiKey });
    expect(groupTargets.status).toBe(200);
    expect(groupTargets.body.map((s: { name: string }) => s.name)).toEqual(['production', 'development', 'root']);

    const events = await t.vigil.db.prisma.event.findMany({ where: { organizationId: org, name: 'ScanTargetCreated' } });
    expect(events.filter((e) => (e.data as { groupId?: string }).groupId === group.id)).toHaveLength(3);
  });

  it('answers the Terraform script URL for ORACLE groups and the OAuth link for BITBUCKET/GITLAB groups', async () => {
    const oracle = await createGroup({ name: 'scripted', kind: 'ORACLE' });
    const bitbucket = await createGroup({ name: 'bb', kind: 'BITBUCKET' });
    const script = await t.rest('GET', groups(`/${oracle.id}/scripts`), { key: member.apiKey });
    expect(script.status).toBe(200);
    expect(script.body).toEqual({ url: `${t.url}/organizations/${org}/scantargetgroups/${oracle.id}/scripts/vigil-oracle.tf` });
    expect((await t.rest('GET', groups(`/${bitbucket.id}/scripts`), { key: admin.apiKey })).status).toBe(400);

    const link = await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetGroupId=${bitbucket.id}`, { key: admin.apiKey });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ url: `${t.url}/oauth/bitbucket/start?organizationId=${org}&scanTargetGroupId=${bitbucket.id}` });
    const notOauth = await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetGroupId=${oracle.id}`, { key: admin.apiKey });
    expect(notOauth.status).toBe(400);
    expect((await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetGroupId=${bitbucket.id}`, { key: member.apiKey })).status).toBe(403);
    expect((await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetGroupId=${bitbucket.id}`, { key: stranger.apiKey })).status).toBe(404);

    const credential = await t.rest('POST', groups(`/${bitbucket.id}`), { key: admin.apiKey, body: { credential: GROUP_CREDENTIAL } });
    expect(credential.status).toBe(400);
    const compartments = await t.rest('POST', groups(`/${bitbucket.id}/targets`), { key: admin.apiKey, body: { compartments: [PROD] } });
    expect(compartments.status).toBe(400);
    expect((await t.rest('GET', groups(`/${bitbucket.id}/targets`), { key: admin.apiKey })).body).toEqual([]);
  });

  it('DELETE soft-deletes the group and its scan targets', async () => {
    const group = await createGroup({ name: 'short-lived', kind: 'ORACLE' });
    await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: GROUP_CREDENTIAL } });
    const target = await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments: [PROD] } });
    const deleted = await t.rest('DELETE', groups(`/${group.id}`), { key: admin.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);
    expect((await t.rest('GET', groups(`/${group.id}`), { key: admin.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/organizations/${org}/scantargets/${target.body.id}`, { key: admin.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', groups(`/${group.id}`), { key: admin.apiKey })).status).toBe(404);
    const row = await t.vigil.db.prisma.scanTarget.findUniqueOrThrow({ where: { id: target.body.id } });
    expect(row.deletedAt).not.toBeNull();
    const events = await t.vigil.db.prisma.event.findMany({ where: { organizationId: org, name: 'ScanTargetDeleted' } });
    expect(events.map((e) => (e.data as { id: string }).id)).toContain(target.body.id);
  });
});

describe('permissions', () => {
  let group: { id: string };
  beforeAll(async () => {
    group = await createGroup({ name: 'guarded', kind: 'ORACLE' });
    await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: GROUP_CREDENTIAL } });
  });

  it('lets a regular member read every group route and refuses every write with 403', async () => {
    for (const suffix of ['', `/${group.id}`, `/${group.id}/targets`, `/${group.id}/scripts`, `/${group.id}/scantargets`]) {
      expect({ suffix, status: (await t.rest('GET', groups(suffix), { key: member.apiKey })).status }).toEqual({ suffix, status: 200 });
    }
    const writes = [
      await t.rest('POST', groups(), { key: member.apiKey, body: { name: 'x', kind: 'ORACLE' } }),
      await t.rest('PUT', groups(`/${group.id}`), { key: member.apiKey, body: { name: 'x' } }),
      await t.rest('DELETE', groups(`/${group.id}`), { key: member.apiKey }),
      await t.rest('POST', groups(`/${group.id}`), { key: member.apiKey, body: { credential: GROUP_CREDENTIAL } }),
      await t.rest('POST', groups(`/${group.id}/targets`), { key: member.apiKey, body: { compartments: [PROD] } }),
    ];
    for (const res of writes) expect(res.status).toBe(403);
    expect((await t.rest('GET', groups(`/${group.id}`), { key: admin.apiKey })).body.name).toBe('guarded');
  });

  it('answers 404 on every route to strangers and to followers of the organization', async () => {
    for (const key of [stranger.apiKey, follower.apiKey]) {
      const calls = [
        await t.rest('GET', groups(), { key }),
        await t.rest('POST', groups(), { key, body: { name: 'x', kind: 'ORACLE' } }),
        await t.rest('GET', groups(`/${group.id}`), { key }),
        await t.rest('PUT', groups(`/${group.id}`), { key, body: { name: 'x' } }),
        await t.rest('DELETE', groups(`/${group.id}`), { key }),
        await t.rest('POST', groups(`/${group.id}`), { key, body: { credential: GROUP_CREDENTIAL } }),
        await t.rest('GET', groups(`/${group.id}/targets`), { key }),
        await t.rest('POST', groups(`/${group.id}/targets`), { key, body: { compartments: [PROD] } }),
        await t.rest('GET', groups(`/${group.id}/scripts`), { key }),
        await t.rest('GET', groups(`/${group.id}/scantargets`), { key }),
      ];
      for (const res of calls) expect(res.status).toBe(404);
    }
  });
});

describe('GraphQL', () => {
  it('serves groups with their scan targets batched in one field', async () => {
    const created = await t.graphql(
      `mutation($o: ID!) { createScanTargetGroup(input: { organizationId: $o, name: "gql", kind: ORACLE }) { scanTargetGroup { id kind credential } } }`,
      { o: org },
      admin.apiKey,
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createScanTargetGroup.scanTargetGroup.id;
    const inserted = await t.graphql(
      `mutation($o: ID!, $id: ID!, $c: JSON!) { insertScanTargetGroupCredential(input: { organizationId: $o, scanTargetGroupId: $id, credential: $c }) { scanTargetGroup { id } } }`,
      { o: org, id, c: GROUP_CREDENTIAL },
      admin.apiKey,
    );
    expect(inserted.body.data.insertScanTargetGroupCredential.scanTargetGroup).toEqual({ id });
    const targets = await t.graphql(
      `mutation($o: ID!, $id: ID!) { createScanTargetsFromCompartments(input: { organizationId: $o, scanTargetGroupId: $id, compartments: [{ name: "gql-prod", ocid: "${PROD.ocid}" }] }) { scanTargets { id groupId kind } } }`,
      { o: org, id },
      admin.apiKey,
    );
    expect(targets.body.errors).toBeUndefined();
    expect(targets.body.data.createScanTargetsFromCompartments.scanTargets).toEqual([{ id: expect.any(String), groupId: id, kind: 'ORACLE' }]);

    const list = await t.graphql(
      `query($o: ID!) { scanTargetGroups(organizationId: $o, first: 1000) { nodes { id name organization { id name } scanTargets { nodes { name } } } } }`,
      { o: org },
      member.apiKey,
    );
    expect(list.body.errors).toBeUndefined();
    const mine = list.body.data.scanTargetGroups.nodes.find((g: { id: string }) => g.id === id);
    expect(mine).toEqual({ id, name: 'gql', organization: { id: org, name: 'Oracle Shop' }, scanTargets: { nodes: [{ name: 'gql-prod' }] } });
  });

  it('pages through the groups and a group’s scan targets with first/after, each once, oldest first, as REST lists them', async () => {
    const group = (await t.rest('POST', groups(), { key: admin.apiKey, body: { name: 'paged', kind: 'ORACLE' } })).body;
    await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: GROUP_CREDENTIAL } });
    const compartments = ['a', 'b', 'c', 'd', 'e'].map((n) => ({ name: `paged-${n}`, ocid: `ocid1.compartment.oc1..aaaaaaaapaged${n}` }));
    expect((await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments } })).status).toBe(200);

    const allGroups = (await t.rest('GET', groups(), { key: member.apiKey })).body.map((g: { id: string }) => g.id);
    expect(allGroups.length).toBeGreaterThan(2);
    const groupPages = `query($o: ID!, $after: String) { scanTargetGroups(organizationId: $o, first: 2, after: $after) { ${PAGE_SELECTION} } }`;
    expect(await pageThrough(t, member.apiKey, groupPages, { o: org }, (data) => data.scanTargetGroups, 2)).toEqual(allGroups);
    const itsTargets = (await t.rest('GET', groups(`/${group.id}/scantargets`), { key: member.apiKey })).body.map((target: { id: string }) => target.id);
    expect(itsTargets).toHaveLength(5);
    const targetPages = `query($o: ID!, $g: ID!, $after: String) { scanTargetGroup(organizationId: $o, id: $g) { scanTargets(first: 2, after: $after) { ${PAGE_SELECTION} } } }`;
    const read = await pageThrough(
      t,
      member.apiKey,
      targetPages,
      { o: org, g: group.id },
      (data) => (data.scanTargetGroup as { scanTargets: unknown }).scanTargets,
      2,
    );
    expect(read).toEqual(itsTargets);
  });
});

describe('where the links lead', () => {
  it('the Terraform script URL serves a read-only policy for the group user over its compartments', async () => {
    const group = await createGroup({ name: 'Scripted "tenancy"', kind: 'ORACLE' });
    expect((await t.rest('POST', groups(`/${group.id}`), { key: admin.apiKey, body: { credential: GROUP_CREDENTIAL } })).status).toBe(200);
    const { url } = (await t.rest('GET', groups(`/${group.id}/scripts`), { key: member.apiKey })).body;
    const before = await t.rest('GET', url.slice(t.url.length), { key: member.apiKey });
    expect(before.status).toBe(200);
    expect(before.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(before.headers.get('content-disposition')).toBe('attachment; filename="vigil-oracle.tf"');
    expect(before.body).toContain(`default = "${GROUP_CREDENTIAL.tenancy_id}"`);
    expect(before.body).toContain(`default = "${GROUP_CREDENTIAL.user_id}"`);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the Terraform expression the script must contain
    expect(before.body).toContain('"Allow group ${oci_identity_group.vigil.name} to read all-resources in tenancy"');
    expect(before.body).not.toContain('to manage');

    await t.rest('POST', groups(`/${group.id}/targets`), { key: admin.apiKey, body: { compartments: [PROD, DEV] } });
    const after = (await t.rest('GET', url.slice(t.url.length), { key: admin.apiKey })).body as string;
    for (const c of [PROD, DEV]) {
      expect(after).toContain(`"Allow group \${oci_identity_group.vigil.name} to inspect all-resources in compartment id ${c.ocid}"`);
      expect(after).toContain(`"Allow group \${oci_identity_group.vigil.name} to read all-resources in compartment id ${c.ocid}"`);
    }
    expect((await t.rest('GET', url.slice(t.url.length), { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', url.slice(t.url.length), { key: follower.apiKey })).status).toBe(404);
    const gitlab = await createGroup({ name: 'no script', kind: 'GITLAB' });
    expect((await t.rest('GET', groups(`/${gitlab.id}/scripts/vigil-oracle.tf`), { key: admin.apiKey })).status).toBe(400);
  });

  it('the OAuth consent link answers 501 with why, not a bare 404', async () => {
    const bitbucket = await createGroup({ name: 'bb consent', kind: 'BITBUCKET' });
    const { url } = (await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetGroupId=${bitbucket.id}`, { key: admin.apiKey })).body;
    const consent = await t.rest('GET', url.slice(t.url.length));
    expect(consent.status).toBe(501);
    expect(consent.body).toEqual({ statusCode: 501, error: 'NotImplemented', message: expect.stringMatching(/bitbucket OAuth application/) });
  });

  it('are absolute under VIGIL_PUBLIC_URL, and a bad value stops the start', async () => {
    expect(() => loadConfig({ VIGIL_PUBLIC_URL: 'vigil.example.com', VIGIL_SECRET: 'x'.repeat(32) })).toThrow(/VIGIL_PUBLIC_URL/);
    const other = await startTestVigil({ VIGIL_PUBLIC_URL: 'https://vigil.example.com/api/' });
    try {
      const owner = await other.bootstrap('owner@public.example', 'Public Links');
      const path = (s: string) => `/organizations/${owner.organizationId}/scantargetgroups${s}`;
      const oracle = (await other.rest('POST', path(''), { key: owner.apiKey, body: { name: 'oci', kind: 'ORACLE' } })).body;
      const bitbucket = (await other.rest('POST', path(''), { key: owner.apiKey, body: { name: 'bb', kind: 'BITBUCKET' } })).body;
      expect((await other.rest('GET', path(`/${oracle.id}/scripts`), { key: owner.apiKey })).body).toEqual({
        url: `https://vigil.example.com/api/organizations/${owner.organizationId}/scantargetgroups/${oracle.id}/scripts/vigil-oracle.tf`,
      });
      expect(
        (await other.rest('GET', `/oauth/link?organizationId=${owner.organizationId}&scanTargetGroupId=${bitbucket.id}`, { key: owner.apiKey })).body,
      ).toEqual({
        url: `https://vigil.example.com/api/oauth/bitbucket/start?organizationId=${owner.organizationId}&scanTargetGroupId=${bitbucket.id}`,
      });
    } finally {
      await other.close();
    }
  });
});
