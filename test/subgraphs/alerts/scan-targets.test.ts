import { decryptCredential } from '../../../subgraphs/alerts/scan-targets/credentials';
import { nextScanAt } from '../../../subgraphs/alerts/scan-targets/schedule';
import { PAGE_SELECTION, pageThrough } from '../../support/connections';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

let t: TestVigil;
let admin: Account;
let member: Account;
let stranger: Account;
let follower: Account;
let org: string;

const AZURE_SECRET = 'azure-client-secret-XyZ9';
const MS365_SECRET = 'ms365-very-secret-value-Q7w1';

/** One valid credential per kind, with what answers show of it. */
const VALID: Record<string, { credential: Record<string, unknown>; shown: Record<string, unknown> }> = {
  AWS: { credential: { account: '123456789012' }, shown: { account: '123456789012' } },
  AZURE: {
    credential: {
      applicationId: '11111111-1111-4111-8111-111111111111',
      subscriptionId: '22222222-2222-4222-8222-222222222222',
      directoryId: '33333333-3333-4333-8333-333333333333',
      secret: AZURE_SECRET,
    },
    shown: {
      applicationId: '11111111-1111-4111-8111-111111111111',
      subscriptionId: '22222222-2222-4222-8222-222222222222',
      directoryId: '33333333-3333-4333-8333-333333333333',
      secret: '****XyZ9',
    },
  },
  GCP: { credential: { projectId: 'my-project-42' }, shown: { projectId: 'my-project-42' } },
  HUAWEI: { credential: { accountId: '0a1b2c3d4e5f' }, shown: { accountId: '0a1b2c3d4e5f' } },
  DOMAIN: { credential: { domain: 'Example.COM' }, shown: { domain: 'example.com' } },
  ORACLE: {
    credential: {
      compartment_id: 'ocid1.compartment.oc1..aaaaaaaacompartment',
      region: 'us-ashburn-1',
      tenancy_id: 'ocid1.tenancy.oc1..aaaaaaaatenancy',
      user_id: 'ocid1.user.oc1..aaaaaaaauser',
      key_fingerprint: '12:34:56:78:9a:bc:de:f0:12:34:56:78:9a:bc:de:f0',
    },
    shown: {
      compartment_id: 'ocid1.compartment.oc1..aaaaaaaacompartment',
      region: 'us-ashburn-1',
      tenancy_id: 'ocid1.tenancy.oc1..aaaaaaaatenancy',
      user_id: 'ocid1.user.oc1..aaaaaaaauser',
      key_fingerprint: '12:34:56:78:9a:bc:de:f0:12:34:56:78:9a:bc:de:f0',
    },
  },
  ZENDESK: { credential: { instanceUrl: 'https://acme.zendesk.com' }, shown: { instanceUrl: 'https://acme.zendesk.com' } },
  JIRA: { credential: { jiraUrl: 'https://acme.atlassian.net/' }, shown: { jiraUrl: 'https://acme.atlassian.net' } },
  MS365: {
    credential: { applicationId: '44444444-4444-4444-8444-444444444444', tenantId: '55555555-5555-4555-8555-555555555555', secret: MS365_SECRET },
    shown: { applicationId: '44444444-4444-4444-8444-444444444444', tenantId: '55555555-5555-4555-8555-555555555555', secret: '****Q7w1' },
  },
  GITHUB: { credential: { organizationName: 'acme-corp', installationId: '4242' }, shown: { organizationName: 'acme-corp', installationId: 4242 } },
  GWORKSPACE: { credential: {}, shown: {} },
  SLACK: { credential: {}, shown: {} },
  BITBUCKET: { credential: {}, shown: {} },
  GITLAB: { credential: {}, shown: {} },
  SALESFORCE: { credential: {}, shown: {} },
  AZURE_DEVOPS: {
    credential: { organizationName: 'acme', personalAccessToken: 'pat-0123456789abcdef' },
    shown: { organizationName: 'acme', personalAccessToken: '****cdef' },
  },
  JUMP_CLOUD: {
    credential: { organizationId: '0123456789abcdef01234567', apiKey: 'jc-api-key-0123456789' },
    shown: { organizationId: '0123456789abcdef01234567', apiKey: '****6789' },
  },
  MONGODB_ATLAS: {
    credential: { publicKey: 'abcdwxyz', privateKey: '6b9a4e1c-0000-4000-8000-a1b2c3d4e5f6' },
    shown: { publicKey: 'abcdwxyz', privateKey: '****e5f6' },
  },
  OKTA: { credential: { domain: 'acme.okta.com', apiToken: '00aBcDeFgHiJkLmNoP' }, shown: { domain: 'acme.okta.com', apiToken: '****mNoP' } },
  CLOUDFLARE: { credential: { apiToken: 'short' }, shown: { apiToken: '****' } },
  CROWDSTRIKE_FALCON: {
    credential: { clientId: '0123456789abcdef0123456789abcdef', clientSecret: 'falcon-secret-0000-ZZZZ', baseUrl: 'https://api.us-2.crowdstrike.com' },
    shown: { clientId: '0123456789abcdef0123456789abcdef', clientSecret: '****ZZZZ', baseUrl: 'https://api.us-2.crowdstrike.com' },
  },
  BITDEFENDER: {
    credential: { accessUrl: 'https://cloud.gravityzone.bitdefender.com/api', apiKey: 'bd-key-1234567890' },
    shown: { accessUrl: 'https://cloud.gravityzone.bitdefender.com/api', apiKey: '****7890' },
  },
  SENTINEL_ONE: {
    credential: { consoleUrl: 'https://acme.sentinelone.net', apiToken: 's1-token-abcdefghij' },
    shown: { consoleUrl: 'https://acme.sentinelone.net', apiToken: '****ghij' },
  },
  SOPHOS: {
    credential: { clientId: '66666666-6666-4666-8666-666666666666', clientSecret: 'sophos-secret-abcd1234' },
    shown: { clientId: '66666666-6666-4666-8666-666666666666', clientSecret: '****1234' },
  },
};

const SECRETS = [
  AZURE_SECRET,
  MS365_SECRET,
  'pat-0123456789abcdef',
  'jc-api-key-0123456789',
  '6b9a4e1c-0000-4000-8000-a1b2c3d4e5f6',
  '00aBcDeFgHiJkLmNoP',
  'falcon-secret-0000-ZZZZ',
  'bd-key-1234567890',
  's1-token-abcdefghij',
  'sophos-secret-abcd1234',
];

const path = (suffix = '') => `/organizations/${org}/scantargets${suffix}`;

async function createTarget(body: Record<string, unknown>, key = admin.apiKey) {
  const res = await t.rest('POST', path(), { key, body });
  if (res.status !== 200) throw new Error(`create failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@alice.example', 'Alice Corp');
  member = await t.bootstrap('member@alice.example', 'Member Home');
  stranger = await t.bootstrap('stranger@else.example', 'Elsewhere Inc');
  follower = await t.bootstrap('watcher@follow.example', 'Watcher Ltd');
  org = admin.organizationId;
  const prisma = t.vigil.db.prisma;
  await prisma.membership.create({ data: { organizationId: org, userId: member.userId, roles: [] } });
  await prisma.follow.create({ data: { followerId: follower.organizationId, followedId: org } });
});
afterAll(() => t.close());

describe('creating scan targets of every kind', () => {
  it('accepts the credential object of each of the 24 kinds and answers it masked', async () => {
    expect(Object.keys(VALID)).toHaveLength(24);
    for (const [kind, { credential, shown }] of Object.entries(VALID)) {
      const res = await t.rest('POST', path(), {
        key: admin.apiKey,
        body: { name: `${kind} target`, kind, credential, schedule: { frequency: '1d', timeOfDay: 'NIGHT' } },
      });
      expect({ kind, status: res.status }).toEqual({ kind, status: 200 });
      expect(res.body).toMatchObject({
        organizationId: org,
        name: `${kind} target`,
        kind,
        credential: shown,
        status: 'NEW',
        tags: [],
        groupId: null,
        lastScanAt: null,
      });
      expect(res.body.id).toMatch(/^[0-9a-f-]{36}$/);
    }
    const list = await t.rest('GET', path(), { key: admin.apiKey });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(new Set(list.body.map((s: { kind: string }) => s.kind))).toEqual(new Set(Object.keys(VALID)));
  });

  it('takes the Ruby SDK\'s body: kind "Azure", snake_case credential keys, a cron schedule', async () => {
    const res = await t.rest('POST', path(), {
      key: admin.apiKey,
      body: {
        kind: 'Azure',
        name: 'from ruby',
        credential: {
          application_id: '11111111-1111-4111-8111-111111111111',
          subscription_id: '22222222-2222-4222-8222-222222222222',
          directory_id: '33333333-3333-4333-8333-333333333333',
          secret: AZURE_SECRET,
        },
        schedule: '0 0 * * *',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'AZURE',
      credential: {
        applicationId: '11111111-1111-4111-8111-111111111111',
        subscriptionId: '22222222-2222-4222-8222-222222222222',
        directoryId: '33333333-3333-4333-8333-333333333333',
        secret: '****XyZ9',
      },
      schedule: { frequency: '1d', timeOfDay: 'NIGHT' },
    });
    for (const [kind, credential, shown] of [
      ['GCP', { project_id: 'ruby-project' }, { projectId: 'ruby-project' }],
      ['HUAWEI', { account_id: 'abc123' }, { accountId: 'abc123' }],
    ] as const) {
      const r = await t.rest('POST', path(), { key: admin.apiKey, body: { kind, name: `ruby ${kind}`, credential, schedule: '0 6 * * 1' } });
      expect(r.status).toBe(200);
      expect(r.body.credential).toEqual(shown);
      expect(r.body.schedule).toEqual({ frequency: '7d', timeOfDay: 'MORNING', day: 'MONDAY' });
    }
  });

  it('reads the older camelCase ORACLE keys, a credential sent as JSON text and a bare "24h" schedule', async () => {
    const { compartment_id, region, tenancy_id, user_id, key_fingerprint } = VALID.ORACLE.credential;
    const oracle = await t.rest('POST', path(), {
      key: admin.apiKey,
      body: {
        kind: 'ORACLE',
        name: 'camel oracle',
        credential: { compartmentId: compartment_id, region, tenancyId: tenancy_id, userId: user_id, keyFingerprint: key_fingerprint },
        schedule: '24h',
      },
    });
    expect(oracle.status).toBe(200);
    expect(oracle.body.credential).toEqual(VALID.ORACLE.shown);
    expect(oracle.body.schedule).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    const text = await t.rest('POST', path(), { key: admin.apiKey, body: { kind: 'AWS', name: 'json text', credential: '{"account":"210987654321"}' } });
    expect(text.status).toBe(200);
    expect(text.body.credential).toEqual({ account: '210987654321' });
  });

  it('refuses a bad credential per kind with a 400 naming the field', async () => {
    const cases: Array<[string, unknown, RegExp]> = [
      ['AWS', { account: '1234' }, /^credential\.account: must be a 12-digit AWS account id$/],
      ['AWS', {}, /^credential\.account: is required for AWS$/],
      ['AWS', { account: '123456789012', region: 'us-east-1' }, /^credential\.region: is not a field of AWS credentials \(expected account\)$/],
      ['AZURE', { ...VALID.AZURE.credential, subscriptionId: 'nope' }, /^credential\.subscriptionId: must be a UUID/],
      ['AZURE', { ...VALID.AZURE.credential, secret: '' }, /^credential\.secret: must be a non-empty string/],
      ['GCP', { projectId: 'Bad_Project' }, /^credential\.projectId: must be a GCP project id/],
      ['HUAWEI', { accountId: 'has spaces' }, /^credential\.accountId: must be a Huawei Cloud account id/],
      ['DOMAIN', { domain: 'not a domain' }, /^credential\.domain: must be a domain name/],
      ['ORACLE', { ...VALID.ORACLE.credential, region: 'ashburn' }, /^credential\.region: must be an OCI region identifier/],
      ['ORACLE', { ...VALID.ORACLE.credential, key_fingerprint: 'aa:bb' }, /^credential\.key_fingerprint: must be an API key fingerprint/],
      ['ORACLE', { ...VALID.ORACLE.credential, tenancy_id: 'ocid1.user.oc1..x' }, /^credential\.tenancy_id: must be a tenancy OCID/],
      ['ZENDESK', { instanceUrl: 'http://acme.zendesk.com' }, /^credential\.instanceUrl: must be an https URL/],
      ['JIRA', { jiraUrl: 42 }, /^credential\.jiraUrl: must be an https URL/],
      ['MS365', { applicationId: VALID.MS365.credential.applicationId, secret: 'x' }, /^credential\.tenantId: is required for MS365$/],
      ['GITHUB', { organizationName: 'acme', installationId: 'abc' }, /^credential\.installationId: must be a positive integer/],
      ['SLACK', { token: 'xoxb' }, /^credential\.token: is not a field of SLACK credentials \(it takes no fields\)$/],
      ['AZURE_DEVOPS', { organizationName: 'acme' }, /^credential\.personalAccessToken: is required/],
      ['JUMP_CLOUD', { organizationId: 'xyz', apiKey: 'k' }, /^credential\.organizationId: must be a JumpCloud organization id/],
      ['MONGODB_ATLAS', { publicKey: 'TOO-LONG-KEY', privateKey: 'k' }, /^credential\.publicKey: must be an Atlas API public key/],
      ['OKTA', { domain: 'https://acme.okta.com', apiToken: 't' }, /^credential\.domain: must be a domain name/],
      ['CLOUDFLARE', { apiToken: 't', accountId: 'nope' }, /^credential\.accountId: must be a Cloudflare account id/],
      [
        'CROWDSTRIKE_FALCON',
        { clientId: '0123456789abcdef0123456789abcdef', clientSecret: 's', baseUrl: 'ftp://x.example.com' },
        /^credential\.baseUrl: must be an https URL/,
      ],
      ['BITDEFENDER', { apiKey: 'k' }, /^credential\.accessUrl: is required/],
      ['SENTINEL_ONE', { consoleUrl: 'https://acme.sentinelone.net', apiToken: 7 }, /^credential\.apiToken: must be a non-empty string/],
      ['SOPHOS', { clientId: 'abc', clientSecret: 's' }, /^credential\.clientId: must be a UUID/],
      ['AWS', 'not an object', /^credential: must be an object$/],
    ];
    for (const [kind, credential, message] of cases) {
      const res = await t.rest('POST', path(), { key: admin.apiKey, body: { name: 'bad', kind, credential } });
      expect({ kind, credential, status: res.status, message: res.body.message }).toEqual({
        kind,
        credential,
        status: 400,
        message: expect.stringMatching(message),
      });
      expect(res.body).toMatchObject({ statusCode: 400, error: 'BadRequest' });
    }
    const unknownKind = await t.rest('POST', path(), { key: admin.apiKey, body: { name: 'bad', kind: 'IBM_CLOUD', credential: {} } });
    expect(unknownKind.status).toBe(400);
    expect(unknownKind.body.message).toMatch(/IBM_CLOUD/);
    const noName = await t.rest('POST', path(), { key: admin.apiKey, body: { name: '  ', kind: 'AWS', credential: VALID.AWS.credential } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toMatch(/name/);
  });
});

describe('credentials at rest', () => {
  it('stores credentials encrypted with the service secret and never answers or logs a secret', async () => {
    const azure = await createTarget({ name: 'vault', kind: 'AZURE', credential: VALID.AZURE.credential });
    const ms = await createTarget({ name: 'office', kind: 'MS365', credential: VALID.MS365.credential });
    await t.rest('PUT', path(`/${azure.id}`), { key: admin.apiKey, body: { name: 'vault 2', schedule: null } });
    await t.rest('POST', path(`/${azure.id}/check`), { key: admin.apiKey });

    const { rows } = await t.vigil.db.pool.query<{ id: string; credentialEncrypted: string; credentialHint: unknown }>(
      `SELECT id, "credentialEncrypted", "credentialHint" FROM alerts.scan_targets WHERE "organizationId" = $1`,
      [org],
    );
    const dump = JSON.stringify(rows);
    for (const secret of SECRETS) expect(dump).not.toContain(secret);
    const row = rows.find((r) => r.id === azure.id)!;
    expect(row.credentialEncrypted).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(decryptCredential(t.secret, org, row.credentialEncrypted)).toEqual(VALID.AZURE.credential);
    // Bound to the organization and to the secret.
    expect(decryptCredential(t.secret, stranger.organizationId, row.credentialEncrypted)).toBeNull();
    expect(decryptCredential('another secret', org, row.credentialEncrypted)).toBeNull();

    const answers = [
      await t.rest('GET', path(), { key: admin.apiKey }),
      await t.rest('GET', path(`/${azure.id}`), { key: admin.apiKey }),
      await t.rest('GET', path(`/${ms.id}`), { key: member.apiKey }),
      await t.graphql(`query($o: ID!) { scanTargets(organizationId: $o, first: 1000) { nodes { id credential } } }`, { o: org }, admin.apiKey),
      await t.rest('GET', `/organizations/${org}/events?size=1000`, { key: admin.apiKey }),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      for (const secret of SECRETS) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    const events = await t.vigil.db.prisma.event.findMany({ where: { organizationId: org, source: 'service.scantarget' } });
    expect(events.length).toBeGreaterThan(0);
    for (const secret of SECRETS) expect(JSON.stringify(events.map((e) => [e.data, e.metadata]))).not.toContain(secret);
  });
});

describe('schedules', () => {
  it('defaults to daily at night and stores nextScanAt from nextScanAt()', async () => {
    const before = new Date();
    const target = await createTarget({ name: 'default schedule', kind: 'AWS', credential: VALID.AWS.credential });
    const after = new Date();
    expect(target.schedule).toEqual({ frequency: '1d', timeOfDay: 'NIGHT' });
    const next = new Date(target.nextScanAt).getTime();
    expect([nextScanAt(target.schedule, before).getTime(), nextScanAt(target.schedule, after).getTime()]).toContain(next);
    expect(next).toBeGreaterThan(after.getTime());
    expect(new Date(target.nextScanAt).getUTCHours()).toBe(0);
  });

  it('keeps the keys the Python SDK sends per frequency and refuses bad schedules', async () => {
    const six = await createTarget({ name: 'six', kind: 'AWS', credential: VALID.AWS.credential, schedule: { frequency: '6h', timeOfDay: 'MORNING' } });
    expect(six.schedule).toEqual({ frequency: '6h' });
    const weekly = await createTarget({ name: 'weekly', kind: 'AWS', credential: VALID.AWS.credential, schedule: { frequency: '7d' } });
    expect(weekly.schedule).toEqual({ frequency: '7d', timeOfDay: 'NIGHT', day: 'SUNDAY' });
    expect(new Date(weekly.nextScanAt).getUTCDay()).toBe(0);

    const bad = await t.rest('POST', path(), {
      key: admin.apiKey,
      body: { name: 'x', kind: 'AWS', credential: VALID.AWS.credential, schedule: { frequency: '3d' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('schedule.frequency: must be one of 6h, 12h, 1d, 7d');
    const badCron = await t.rest('POST', path(), {
      key: admin.apiKey,
      body: { name: 'x', kind: 'AWS', credential: VALID.AWS.credential, schedule: '0 0 1 * *' },
    });
    expect(badCron.status).toBe(400);
    expect(badCron.body.message).toMatch(/^schedule: "0 0 1 \* \*" is not a supported cron schedule/);
  });

  it('PUT {name, schedule}: null leaves a field unchanged; a new schedule moves nextScanAt', async () => {
    const target = await createTarget({ name: 'to update', kind: 'GCP', credential: VALID.GCP.credential, tags: ['prod'] });
    const unchanged = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: null, schedule: null } });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body).toMatchObject({ name: 'to update', schedule: target.schedule, tags: ['prod'], nextScanAt: target.nextScanAt });

    const renamed = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: 'renamed', schedule: null } });
    expect(renamed.body).toMatchObject({ name: 'renamed', schedule: target.schedule, nextScanAt: target.nextScanAt });

    const before = new Date();
    const rescheduled = await t.rest('PUT', path(`/${target.id}`), {
      key: admin.apiKey,
      body: { name: null, schedule: { frequency: '1d', timeOfDay: 'AFTERNOON' } },
    });
    const after = new Date();
    expect(rescheduled.body).toMatchObject({ name: 'renamed', schedule: { frequency: '1d', timeOfDay: 'AFTERNOON' } });
    expect([nextScanAt(rescheduled.body.schedule, before).toISOString(), nextScanAt(rescheduled.body.schedule, after).toISOString()]).toContain(
      rescheduled.body.nextScanAt,
    );
    expect(new Date(rescheduled.body.nextScanAt).getUTCHours()).toBe(12);

    const ruby = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: 'ruby', schedule: '0 18 * * 5' } });
    expect(ruby.body.schedule).toEqual({ frequency: '7d', timeOfDay: 'EVENING', day: 'FRIDAY' });

    const stored = await t.vigil.db.prisma.scanTarget.findUniqueOrThrow({ where: { id: target.id } });
    expect(stored.nextScanAt?.toISOString()).toBe(ruby.body.nextScanAt);

    const bad = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: null, schedule: { frequency: '1d', timeOfDay: 'LUNCH' } } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^schedule\.timeOfDay: must be one of/);
  });
});

describe('tags', () => {
  it('are set at creation and on update, trimmed and deduplicated, and validated', async () => {
    const target = await createTarget({ name: 'tagged', kind: 'DOMAIN', credential: { domain: 'tagged.example' }, tags: [' prod ', 'eu', 'prod'] });
    expect(target.tags).toEqual(['prod', 'eu']);
    const updated = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: null, schedule: null, tags: ['pci'] } });
    expect(updated.body.tags).toEqual(['pci']);
    const cleared = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { tags: [] } });
    expect(cleared.body.tags).toEqual([]);
    const bad = await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { tags: [''] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^tags: /);
    const gql = await t.graphql(
      `mutation($o: ID!, $id: ID!) { updateScanTarget(input: { organizationId: $o, scanTargetId: $id, tags: ["a", "b"] }) { scanTarget { id tags } } }`,
      { o: org, id: target.id },
      admin.apiKey,
    );
    expect(gql.body.data.updateScanTarget.scanTarget).toEqual({ id: target.id, tags: ['a', 'b'] });
  });
});

describe('delete and check', () => {
  it('DELETE soft-deletes (true), hides the target and takes it off the schedule', async () => {
    const target = await createTarget({ name: 'doomed', kind: 'AWS', credential: VALID.AWS.credential });
    const deleted = await t.rest('DELETE', path(`/${target.id}`), { key: admin.apiKey });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toBe(true);
    expect((await t.rest('GET', path(`/${target.id}`), { key: admin.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', path(`/${target.id}`), { key: admin.apiKey })).status).toBe(404);
    expect((await t.rest('GET', path(), { key: admin.apiKey })).body.map((s: { id: string }) => s.id)).not.toContain(target.id);
    const row = await t.vigil.db.prisma.scanTarget.findUniqueOrThrow({ where: { id: target.id } });
    expect(row.deletedAt).not.toBeNull();
    expect(row.nextScanAt).toBeNull();
  });

  it('/check answers the scan target, CHECKED when the stored credential is sound, INVALID_CREDENTIAL otherwise', async () => {
    const target = await createTarget({ name: 'to check', kind: 'AWS', credential: VALID.AWS.credential });
    const checked = await t.rest('POST', path(`/${target.id}/check`), { key: admin.apiKey });
    expect(checked.status).toBe(200);
    expect(checked.body).toMatchObject({ id: target.id, kind: 'AWS', status: 'CHECKED', credential: VALID.AWS.shown });

    await t.vigil.db.pool.query(`UPDATE alerts.scan_targets SET "credentialEncrypted" = 'v1.AAAA' WHERE id = $1`, [target.id]);
    const broken = await t.rest('POST', path(`/${target.id}/check`), { key: admin.apiKey });
    expect(broken.body).toMatchObject({ id: target.id, status: 'INVALID_CREDENTIAL' });
  });
});

describe('events', () => {
  it('records ScanTargetCreated, ScanTargetUpdated and ScanTargetDeleted (source service.scantarget) with the masked view', async () => {
    const target = await createTarget({ name: 'evented', kind: 'MS365', credential: VALID.MS365.credential });
    await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: 'evented 2', schedule: null } });
    await t.rest('PUT', path(`/${target.id}`), { key: admin.apiKey, body: { name: null, schedule: null } }); // no change, no event
    await t.rest('DELETE', path(`/${target.id}`), { key: admin.apiKey });
    const events = await t.vigil.db.prisma.event.findMany({ where: { organizationId: org, source: 'service.scantarget' }, orderBy: { seq: 'asc' } });
    const mine = events.filter((e) => (e.data as { id?: string }).id === target.id);
    expect(mine.map((e) => e.name)).toEqual(['ScanTargetCreated', 'ScanTargetUpdated', 'ScanTargetDeleted']);
    expect(mine[0].data).toMatchObject({ id: target.id, kind: 'MS365', credential: VALID.MS365.shown });
    expect(mine[1].data).toMatchObject({ name: 'evented 2' });
    expect(mine[0].metadata).toEqual({ userId: admin.userId });
  });

  it('records nothing when the change fails', async () => {
    const count = () => t.vigil.db.prisma.event.count({ where: { organizationId: org, source: 'service.scantarget' } });
    const before = await count();
    await t.rest('POST', path(), { key: admin.apiKey, body: { name: 'bad', kind: 'AWS', credential: { account: 'x' } } });
    await t.rest('POST', path(), { key: member.apiKey, body: { name: 'no rights', kind: 'AWS', credential: VALID.AWS.credential } });
    expect(await count()).toBe(before);
  });
});

describe('OAuth links', () => {
  it('answers {url} for OAuth kinds only, to admins only', async () => {
    const slack = await createTarget({ name: 'slack', kind: 'SLACK', credential: {} });
    const gws = await createTarget({ name: 'workspace', kind: 'GWORKSPACE' });
    const aws = await createTarget({ name: 'aws', kind: 'AWS', credential: VALID.AWS.credential });

    const link = await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetId=${slack.id}`, { key: admin.apiKey });
    expect(link.status).toBe(200);
    expect(link.body).toEqual({ url: `${t.url}/oauth/slack/start?organizationId=${org}&scanTargetId=${slack.id}` });
    const gwsLink = await t.rest('GET', `/gworkspace/oauth/link?scanTargetId=${gws.id}&organizationId=${org}`, { key: admin.apiKey });
    expect(gwsLink.status).toBe(200);
    expect(gwsLink.body.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/oauth\/gworkspace\/start\?/);
    const generic = await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetId=${gws.id}`, { key: admin.apiKey });
    expect(generic.status).toBe(200);

    const notOauth = await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetId=${aws.id}`, { key: admin.apiKey });
    expect(notOauth.status).toBe(400);
    expect(notOauth.body.message).toMatch(/AWS has no OAuth link/);
    expect((await t.rest('GET', `/gworkspace/oauth/link?scanTargetId=${slack.id}&organizationId=${org}`, { key: admin.apiKey })).status).toBe(400);
    expect((await t.rest('GET', `/oauth/link?organizationId=${org}`, { key: admin.apiKey })).status).toBe(400);

    expect((await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetId=${slack.id}`, { key: member.apiKey })).status).toBe(403);
    expect((await t.rest('GET', `/oauth/link?organizationId=${org}&scanTargetId=${slack.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/gworkspace/oauth/link?scanTargetId=${gws.id}&organizationId=${org}`, { key: stranger.apiKey })).status).toBe(404);
  });
});

describe('permissions', () => {
  let target: { id: string };
  beforeAll(async () => {
    target = await createTarget({ name: 'guarded', kind: 'AWS', credential: VALID.AWS.credential });
  });

  it('lets a regular member read (list, get) and refuses every write with 403', async () => {
    expect((await t.rest('GET', path(), { key: member.apiKey })).status).toBe(200);
    const one = await t.rest('GET', path(`/${target.id}`), { key: member.apiKey });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: target.id, credential: VALID.AWS.shown });
    const writes = [
      await t.rest('POST', path(), { key: member.apiKey, body: { name: 'x', kind: 'AWS', credential: VALID.AWS.credential } }),
      await t.rest('PUT', path(`/${target.id}`), { key: member.apiKey, body: { name: 'x', schedule: null } }),
      await t.rest('DELETE', path(`/${target.id}`), { key: member.apiKey }),
      await t.rest('POST', path(`/${target.id}/check`), { key: member.apiKey }),
    ];
    for (const res of writes) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect((await t.rest('GET', path(`/${target.id}`), { key: admin.apiKey })).body.name).toBe('guarded');
  });

  it('answers 404 to a stranger on every route, and to a follower of the organization too (followers see alerts, not scan targets)', async () => {
    for (const key of [stranger.apiKey, follower.apiKey]) {
      const calls = [
        await t.rest('GET', path(), { key }),
        await t.rest('GET', path(`/${target.id}`), { key }),
        await t.rest('POST', path(), { key, body: { name: 'x', kind: 'AWS', credential: VALID.AWS.credential } }),
        await t.rest('PUT', path(`/${target.id}`), { key, body: { name: 'x', schedule: null } }),
        await t.rest('DELETE', path(`/${target.id}`), { key }),
        await t.rest('POST', path(`/${target.id}/check`), { key }),
      ];
      for (const res of calls) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ statusCode: 404, error: 'NotFound' });
      }
    }
    // A target of another organization is not found through one's own organization either.
    expect((await t.rest('GET', `/organizations/${stranger.organizationId}/scantargets/${target.id}`, { key: stranger.apiKey })).status).toBe(404);
  });

  it('refuses malformed ids with 400', async () => {
    expect((await t.rest('GET', path('/not-a-uuid'), { key: admin.apiKey })).status).toBe(400);
    expect((await t.rest('GET', `/organizations/nope/scantargets`, { key: admin.apiKey })).status).toBe(400);
  });
});

describe('GraphQL', () => {
  it('serves the same operations, ScanTarget.organization resolving to the Organization entity', async () => {
    const created = await t.graphql(
      `mutation($input: CreateScanTargetInput!) { createScanTarget(input: $input) { scanTarget { id kind credential schedule { frequency timeOfDay day } tags status } } }`,
      {
        input: {
          organizationId: org,
          name: 'from graphql',
          kind: 'MS365',
          credential: VALID.MS365.credential,
          schedule: { frequency: 'EVERY_12_HOURS' },
          tags: ['gql'],
        },
      },
      admin.apiKey,
    );
    expect(created.body.errors).toBeUndefined();
    const target = created.body.data.createScanTarget.scanTarget;
    expect(target).toMatchObject({
      kind: 'MS365',
      credential: VALID.MS365.shown,
      schedule: { frequency: 'EVERY_12_HOURS', timeOfDay: null, day: null },
      tags: ['gql'],
      status: 'NEW',
    });
    // The same target through REST keeps the stored schedule object.
    expect((await t.rest('GET', path(`/${target.id}`), { key: admin.apiKey })).body.schedule).toEqual({ frequency: '12h' });

    const weekly = await t.graphql(
      `mutation($o: ID!, $id: ID!) { updateScanTarget(input: { organizationId: $o, scanTargetId: $id, schedule: { frequency: WEEKLY, timeOfDay: EVENING, day: FRIDAY } }) { scanTarget { schedule { frequency timeOfDay day } } } }`,
      { o: org, id: target.id },
      admin.apiKey,
    );
    expect(weekly.body.data.updateScanTarget.scanTarget.schedule).toEqual({ frequency: 'WEEKLY', timeOfDay: 'EVENING', day: 'FRIDAY' });
    expect((await t.rest('GET', path(`/${target.id}`), { key: admin.apiKey })).body.schedule).toEqual({ frequency: '7d', timeOfDay: 'EVENING', day: 'FRIDAY' });
    // The REST layer's free-form schedule is not part of the public graph.
    const hiddenInput = await t.graphql(
      `mutation($o: ID!, $id: ID!) { updateScanTarget(input: { organizationId: $o, scanTargetId: $id, scheduleJson: "0 0 * * *" }) { scanTarget { id } } }`,
      { o: org, id: target.id },
      admin.apiKey,
    );
    expect(hiddenInput.body.errors?.[0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');

    const read = await t.graphql(
      `query($o: ID!, $id: ID!) { scanTarget(organizationId: $o, id: $id) { id name nextScanAt organization { id name } } }`,
      { o: org, id: target.id },
      member.apiKey,
    );
    expect(read.body.errors).toBeUndefined();
    expect(read.body.data.scanTarget).toMatchObject({ id: target.id, name: 'from graphql', organization: { id: org, name: 'Alice Corp' } });

    const checked = await t.graphql(
      `mutation($o: ID!, $id: ID!) { checkScanTarget(input: { organizationId: $o, scanTargetId: $id }) { scanTarget { id status } } }`,
      { o: org, id: target.id },
      admin.apiKey,
    );
    expect(checked.body.data.checkScanTarget.scanTarget).toEqual({ id: target.id, status: 'CHECKED' });

    const bad = await t.graphql(
      `mutation($o: ID!) { createScanTarget(input: { organizationId: $o, name: "x", kind: AWS, credential: { account: "1" } }) { scanTarget { id } } }`,
      { o: org },
      admin.apiKey,
    );
    expect(bad.body.errors?.[0]).toMatchObject({
      message: 'credential.account: must be a 12-digit AWS account id',
      extensions: { code: 'BAD_REQUEST', field: 'credential.account' },
    });

    // The ids inside a mutation's input are checked as UUIDs, named by their field, before anything is read.
    const malformed = await t.graphql(
      `mutation($o: ID!) { checkScanTarget(input: { organizationId: $o, scanTargetId: "nope" }) { scanTarget { id } } }`,
      { o: org },
      admin.apiKey,
    );
    expect(malformed.body.errors?.[0]).toMatchObject({ message: 'scanTargetId must be a UUID', extensions: { code: 'BAD_REQUEST' } });

    const forbidden = await t.graphql(
      `mutation($o: ID!, $id: ID!) { deleteScanTarget(input: { organizationId: $o, scanTargetId: $id }) { deletedId } }`,
      { o: org, id: target.id },
      member.apiKey,
    );
    expect(forbidden.body.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const hidden = await t.graphql(`query($o: ID!) { scanTargets(organizationId: $o) { nodes { id } } }`, { o: org }, follower.apiKey);
    expect(hidden.body.errors?.[0].extensions?.code).toBe('NOT_FOUND');

    const deleted = await t.graphql(
      `mutation($o: ID!, $id: ID!) { deleteScanTarget(input: { organizationId: $o, scanTargetId: $id }) { deletedId } }`,
      { o: org, id: target.id },
      admin.apiKey,
    );
    expect(deleted.body.data).toEqual({ deleteScanTarget: { deletedId: target.id } });
  });

  it('pages through the organization’s scan targets with first/after, each once, oldest first, as the REST list has them', async () => {
    const all = (await t.rest('GET', path(), { key: admin.apiKey })).body.map((target: { id: string }) => target.id);
    expect(all.length).toBeGreaterThan(3);
    const query = `query($o: ID!, $after: String) { scanTargets(organizationId: $o, first: 2, after: $after) { ${PAGE_SELECTION} } }`;
    const seen = await pageThrough(t, member.apiKey, query, { o: org }, (data) => data.scanTargets, 2);
    expect(seen).toEqual(all);
    const junk = await t.graphql(`query($o: ID!) { scanTargets(organizationId: $o, after: "junk") { nodes { id } } }`, { o: org }, admin.apiKey);
    expect(junk.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_REQUEST', field: 'after' } });
  });
});
