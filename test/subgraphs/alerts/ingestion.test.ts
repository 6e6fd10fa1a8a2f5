import { VigilError } from '../../../lib/errors';
import { parseFindingsDocument } from '../../../subgraphs/alerts/scans/ingest';
import { addReadOnlyMember } from '../../support/alert-fixtures';
import { PAGE_SELECTION, pageThrough } from '../../support/connections';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/** A Prowler JSON-OCSF Detection Finding, trimmed to the fields Prowler writes and Vigil reads. */
function prowlerFinding(check: string, resourceUid: string, status: 'FAIL' | 'PASS' | 'MANUAL', severity = 'High', extra: Record<string, unknown> = {}) {
  return {
    message: `${check} ${status} for ${resourceUid}`,
    activity_id: 1,
    activity_name: 'Create',
    finding_info: {
      created_time: 1732233600,
      desc: `Description of ${check}`,
      title: `Title of ${check}`,
      uid: `prowler-aws-${check}-123456789012-us-east-1-${resourceUid.split(':').pop()}`,
    },
    remediation: { desc: `Fix ${check}`, references: [`https://hub.prowler.com/check/${check}`] },
    severity_id: 4,
    severity,
    status_id: 1,
    status: 'New',
    status_code: status,
    status_detail: `${check} is ${status}`,
    risk_details: `Risk of ${check}`,
    resources: [
      {
        labels: ['env:prod'],
        name: resourceUid.split(':').pop(),
        uid: resourceUid,
        group: { name: 's3' },
        type: 'AwsS3Bucket',
        region: 'us-east-1',
        data: { details: '' },
      },
    ],
    metadata: {
      event_code: check,
      product: { name: 'Prowler', uid: 'prowler', vendor_name: 'Prowler', version: '5.0.0' },
      profiles: ['cloud', 'datetime'],
      tenant_uid: '',
    },
    type_uid: 200401,
    type_name: 'Detection Finding: Create',
    unmapped: { related_url: '', categories: [], compliance: { 'CIS-2.0': ['2.1.1'], 'ISO27001-2013': ['A.13.1'] } },
    cloud: {
      account: { name: 'prod', type: 'AWS Account', type_id: 10, uid: '123456789012' },
      org: { name: '', uid: '' },
      provider: 'aws',
      region: 'us-east-1',
    },
    ...extra,
  };
}

function badRequestOf(fn: () => unknown): VigilError {
  try {
    fn();
  } catch (error) {
    if (error instanceof VigilError) return error;
    throw error;
  }
  throw new Error('expected a BAD_REQUEST');
}

describe('parseFindingsDocument', () => {
  it('reads Vigil documents: severities in any case, metadata as strings, tags sorted and unique, defaults for the rest', () => {
    const parsed = parseFindingsDocument({
      format: 'vigil',
      findings: [
        {
          rule: 'aws-s3-bucket-public',
          resource: 'arn:aws:s3:::a',
          severity: 'critical',
          metadata: { port: 22, open: true, skipped: null },
          tags: ['b', 'a', 'b'],
        },
        { rule: 'custom-rule', resource: ' arn:aws:s3:::b ', enrichment: [{ evidence: 'x' }], compliances: ['SOC2'], title: 'Custom rule' },
        { rule: 'x', resource: 'y', severity: 'Informational' },
      ],
    });
    expect(parsed.format).toBe('vigil');
    expect(parsed.passed).toBe(0);
    expect(parsed.findings).toEqual([
      {
        rule: 'aws-s3-bucket-public',
        resource: 'arn:aws:s3:::a',
        severity: 'CRITICAL',
        metadata: { port: '22', open: 'true' },
        enrichment: {},
        tags: ['a', 'b'],
        compliances: null,
        title: null,
      },
      {
        rule: 'custom-rule',
        resource: 'arn:aws:s3:::b',
        severity: null,
        metadata: {},
        enrichment: [{ evidence: 'x' }],
        tags: [],
        compliances: ['SOC2'],
        title: 'Custom rule',
      },
      { rule: 'x', resource: 'y', severity: 'INFO', metadata: {}, enrichment: {}, tags: [], compliances: null, title: null },
    ]);
    // `format` may be left out when `findings` is there.
    expect(parseFindingsDocument({ findings: [] })).toEqual({ format: 'vigil', findings: [], passed: 0 });
  });

  it('refuses malformed documents with the field at fault', () => {
    expect(badRequestOf(() => parseFindingsDocument('nope')).code).toBe('BAD_REQUEST');
    expect(badRequestOf(() => parseFindingsDocument({ format: 'sarif', findings: [] })).field).toBe('format');
    expect(badRequestOf(() => parseFindingsDocument({ format: 'vigil', findings: {} })).field).toBe('findings');
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ resource: 'r' }] })).field).toBe('findings[0].rule');
    expect(
      badRequestOf(() =>
        parseFindingsDocument({
          findings: [
            { rule: 'a', resource: 'r' },
            { rule: 'a', resource: '' },
          ],
        }),
      ).field,
    ).toBe('findings[1].resource');
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ rule: 'a', resource: 'r', severity: 'SEVERE' }] })).field).toBe('findings[0].severity');
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ rule: 'a', resource: 'r', metadata: { nested: { x: 1 } } }] })).field).toBe(
      'findings[0].metadata.nested',
    );
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ rule: 'a', resource: 'r', enrichment: 'text' }] })).field).toBe('findings[0].enrichment');
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ rule: 'a', resource: 'r', tags: 'prod' }] })).field).toBe('findings[0].tags');
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ rule: 'a', resource: 'r\u0000' }] })).field).toBe('findings[0].resource');
    expect(badRequestOf(() => parseFindingsDocument({ findings: [{ rule: 'a', resource: 'r', enrichment: { e: 'bad\u0000' } }] })).field).toBe(
      'findings[0].enrichment',
    );
  });

  it('reads Prowler OCSF: FAIL is a finding, PASS and MANUAL are not; rule, resource, severity, compliances and title are mapped', () => {
    const parsed = parseFindingsDocument([
      prowlerFinding('s3_bucket_public_access', 'arn:aws:s3:::public-bucket', 'FAIL', 'Critical'),
      prowlerFinding('s3_bucket_default_encryption', 'arn:aws:s3:::public-bucket', 'PASS'),
      prowlerFinding('iam_root_mfa_enabled', 'arn:aws:iam::123456789012:root', 'MANUAL'),
      prowlerFinding('cloudtrail_multi_region_enabled', 'arn:aws:cloudtrail:us-east-1:123456789012:trail', 'FAIL', 'Informational', { status: 'Suppressed' }),
      prowlerFinding('ec2_ebs_volume_encryption', 'arn:aws:ec2:us-east-1:123456789012:volume/vol-1', 'FAIL', 'Unknown', { severity_id: 0 }),
    ]);
    expect(parsed.format).toBe('ocsf');
    expect(parsed.passed).toBe(2);
    expect(parsed.findings.map((f) => [f.rule, f.resource, f.severity])).toEqual([
      ['s3_bucket_public_access', 'arn:aws:s3:::public-bucket', 'CRITICAL'],
      ['cloudtrail_multi_region_enabled', 'arn:aws:cloudtrail:us-east-1:123456789012:trail', 'INFO'],
      ['ec2_ebs_volume_encryption', 'arn:aws:ec2:us-east-1:123456789012:volume/vol-1', null],
    ]);
    const [first, muted] = parsed.findings;
    expect(first.metadata).toEqual({
      provider: 'aws',
      accountId: '123456789012',
      region: 'us-east-1',
      resourceName: 'public-bucket',
      resourceType: 'AwsS3Bucket',
      service: 's3',
      statusDetail: 's3_bucket_public_access is FAIL',
      findingUid: 'prowler-aws-s3_bucket_public_access-123456789012-us-east-1-public-bucket',
    });
    expect(muted.metadata.muted).toBe('true');
    expect(first.compliances).toEqual(['CIS-2.0', 'ISO27001-2013']);
    expect(first.title).toBe('Title of s3_bucket_public_access');
    expect(first.enrichment).toMatchObject({
      description: 'Description of s3_bucket_public_access',
      risk: 'Risk of s3_bucket_public_access',
      remediation: { desc: 'Fix s3_bucket_public_access' },
    });
  });

  it('takes the rule from finding_info.uid when metadata.event_code is missing, and refuses what is not OCSF', () => {
    const noCode = prowlerFinding('kms_cmk_rotation_enabled', 'arn:aws:kms:us-east-1:123456789012:key/k', 'FAIL');
    noCode.metadata = { ...noCode.metadata, event_code: '' };
    expect(parseFindingsDocument([noCode]).findings[0].rule).toBe('kms_cmk_rotation_enabled');
    expect(parseFindingsDocument({ format: 'ocsf', findings: [noCode] }).findings).toHaveLength(1);
    expect(badRequestOf(() => parseFindingsDocument([{ rule: 'a', resource: 'b' }])).field).toBe('findings[0].status_code');
    const noResource = prowlerFinding('kms_cmk_rotation_enabled', '', 'FAIL', 'High', { resources: [], cloud: {} });
    expect(badRequestOf(() => parseFindingsDocument([noResource])).field).toBe('findings[0].resources[0].uid');
  });
});

describe('POST /organizations/{organizationId}/scantargets/{scanTargetId}/findings', () => {
  let t: TestVigil;
  let admin: Account;
  let reader: Account;
  let stranger: Account;
  let targetId: string;
  const findingsPath = () => `/organizations/${admin.organizationId}/scantargets/${targetId}/findings`;
  const scansPath = () => `/organizations/${admin.organizationId}/scantargets/${targetId}/scans`;

  const alertsOfTarget = async () =>
    (
      await t.vigil.db.pool.query(
        `SELECT rule, resource, severity, state, version, compliances, "timelinessThreshold", metadata, tags FROM alerts.alerts WHERE "scanTargetId" = $1 ORDER BY rule, resource`,
        [targetId],
      )
    ).rows;

  beforeAll(async () => {
    t = await startTestVigil();
    admin = await t.bootstrap('admin@ingest.example', 'Ingest Corp');
    reader = await addReadOnlyMember(t, 'reader@ingest.example', admin.organizationId);
    stranger = await t.bootstrap('stranger@ingest.example', 'Elsewhere');
    const created = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets`, {
      key: admin.apiKey,
      body: { name: 'prod account', kind: 'AWS', credential: { account: '123456789012' } },
    });
    expect(created.status).toBe(200);
    targetId = created.body.id;
  });
  afterAll(() => t.close());

  it('loads a Vigil document as one DONE scan: alerts with the catalog defaults, unknown rules added to the catalog', async () => {
    const res = await t.rest('POST', findingsPath(), {
      key: admin.apiKey,
      body: {
        format: 'vigil',
        findings: [
          { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::logs', metadata: { region: 'us-east-1' }, tags: ['prod'] },
          { rule: 'aws-root-account-mfa-disabled', resource: 'arn:aws:iam::123456789012:root', severity: 'HIGH' },
          { rule: 'acme-custom-check', resource: 'host-1' },
          { rule: 'acme-titled-check', resource: 'host-1', title: 'Acme titled check', severity: 'LOW', compliances: ['SOC2'] },
          { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::logs', metadata: { region: 'ignored duplicate' } },
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      scanTargetId: targetId,
      organizationId: admin.organizationId,
      status: 'DONE',
      trigger: 'INGEST',
      findingsCount: 4,
      summary: { findings: 4, created: 4, reopened: 0, updated: 0, closed: 0, unchanged: 0, duplicates: 1 },
      error: null,
    });
    expect(res.body.startedAt).toEqual(expect.any(String));
    expect(res.body.finishedAt).toEqual(expect.any(String));

    expect(await alertsOfTarget()).toEqual([
      {
        rule: 'acme-custom-check',
        resource: 'host-1',
        severity: 'MEDIUM',
        state: 'OPEN',
        version: 1,
        compliances: [],
        timelinessThreshold: null,
        metadata: {},
        tags: [],
      },
      {
        rule: 'acme-titled-check',
        resource: 'host-1',
        severity: 'LOW',
        state: 'OPEN',
        version: 1,
        compliances: ['SOC2'],
        timelinessThreshold: null,
        metadata: {},
        tags: [],
      },
      // The catalog's severity is the default; the finding's severity wins when given.
      {
        rule: 'aws-root-account-mfa-disabled',
        resource: 'arn:aws:iam::123456789012:root',
        severity: 'HIGH',
        state: 'OPEN',
        version: 1,
        compliances: ['CIS-AWS-1.5', 'ISO-27001', 'PCI-DSS'],
        timelinessThreshold: 7,
        metadata: {},
        tags: [],
      },
      {
        rule: 'aws-s3-bucket-public',
        resource: 'arn:aws:s3:::logs',
        severity: 'HIGH',
        state: 'OPEN',
        version: 1,
        compliances: ['CIS-AWS-2.1', 'LGPD', 'PCI-DSS'],
        timelinessThreshold: 30,
        metadata: { region: 'us-east-1' },
        tags: ['prod'],
      },
    ]);
    const rules = await t.graphql(`{ rules { id title(lang: PT_BR) severity compliances } }`, {}, admin.apiKey);
    const byId = Object.fromEntries((rules.body.data.rules as Array<{ id: string }>).map((r) => [r.id, r]));
    expect(byId['acme-custom-check']).toEqual({ id: 'acme-custom-check', title: 'acme-custom-check', severity: 'MEDIUM', compliances: [] });
    expect(byId['acme-titled-check']).toEqual({ id: 'acme-titled-check', title: 'Acme titled check', severity: 'LOW', compliances: ['SOC2'] });
    expect(byId['aws-s3-bucket-public']).toMatchObject({ title: 'Bucket S3 acessível publicamente', severity: 'HIGH' });

    // The scan history: {data: [...]} newest first, and each scan by id.
    const list = await t.rest('GET', scansPath(), { key: reader.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data[0]).toEqual(res.body);
    const one = await t.rest('GET', `${scansPath()}/${res.body.id}`, { key: reader.apiKey });
    expect(one.body).toEqual(res.body);
  });

  it('loads a Prowler OCSF array: FAIL findings are the scan, an alert whose check passes now is closed', async () => {
    const first = await t.rest('POST', findingsPath(), {
      key: admin.apiKey,
      body: [
        prowlerFinding('s3_bucket_public_access', 'arn:aws:s3:::public-bucket', 'FAIL', 'Critical'),
        prowlerFinding('s3_bucket_default_encryption', 'arn:aws:s3:::public-bucket', 'FAIL', 'Medium'),
        prowlerFinding('iam_password_policy_minimum_length_14', 'arn:aws:iam::123456789012:root', 'PASS'),
      ],
    });
    expect(first.body).toMatchObject({ status: 'DONE', findingsCount: 2 });
    // The Vigil document's alerts are not in this complete result: they are closed.
    expect(first.body.summary).toEqual({ findings: 2, created: 2, reopened: 0, updated: 0, closed: 4, unchanged: 0, duplicates: 0 });
    const prowlerAlert = (await alertsOfTarget()).find((a) => a.rule === 's3_bucket_public_access');
    expect(prowlerAlert).toMatchObject({
      severity: 'CRITICAL',
      state: 'OPEN',
      compliances: ['CIS-2.0', 'ISO27001-2013'],
      metadata: { accountId: '123456789012', region: 'us-east-1' },
    });

    const second = await t.rest('POST', findingsPath(), {
      key: admin.apiKey,
      body: [
        prowlerFinding('s3_bucket_public_access', 'arn:aws:s3:::public-bucket', 'FAIL', 'Critical'),
        prowlerFinding('s3_bucket_default_encryption', 'arn:aws:s3:::public-bucket', 'PASS', 'Medium'),
      ],
    });
    expect(second.body.summary).toEqual({ findings: 1, created: 0, reopened: 0, updated: 0, closed: 1, unchanged: 1, duplicates: 0 });
    const states = Object.fromEntries((await alertsOfTarget()).map((a) => [a.rule, a.state]));
    expect(states).toMatchObject({ s3_bucket_public_access: 'OPEN', s3_bucket_default_encryption: 'CLOSED', 'aws-s3-bucket-public': 'CLOSED' });
  });

  it('refuses a malformed document with 400 and changes nothing: no scan, no alert, no event', async () => {
    const before = { alerts: await alertsOfTarget(), scans: (await t.rest('GET', scansPath(), { key: admin.apiKey })).body.data.length };
    const events = (await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM documents.events WHERE "organizationId" = $1`, [admin.organizationId])).rows[0]
      .n;
    for (const body of [
      { format: 'vigil', findings: [{ rule: 'aws-s3-bucket-public' }] },
      { format: 'vigil', findings: [{ rule: 'aws-s3-bucket-public', resource: 'r', severity: 'URGENT' }] },
      [{ not: 'ocsf' }],
      { format: 'csv', findings: [] },
    ]) {
      const res = await t.rest('POST', findingsPath(), { key: admin.apiKey, body });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.any(String) });
    }
    // A text body is not read as JSON (issue #10: unsupported media types are 415, never ignored); broken JSON is 400.
    const text = await t.rest('POST', findingsPath(), { key: admin.apiKey, text: 'not json' });
    expect(text.status).toBe(415);
    const broken = await t.rest('POST', findingsPath(), {
      key: admin.apiKey,
      text: '{"format": "vigil", "findings": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ statusCode: 400, error: 'BadRequest', message: expect.stringMatching(/^body: /) });
    expect(await alertsOfTarget()).toEqual(before.alerts);
    expect((await t.rest('GET', scansPath(), { key: admin.apiKey })).body.data).toHaveLength(before.scans);
    expect((await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM documents.events WHERE "organizationId" = $1`, [admin.organizationId])).rows[0].n).toBe(
      events,
    );
  });

  it('lets only admins ingest; members read scans; others get 404; ids are validated', async () => {
    const body = { format: 'vigil', findings: [] };
    expect((await t.rest('POST', findingsPath(), { key: reader.apiKey, body })).status).toBe(403);
    expect((await t.rest('POST', findingsPath(), { key: stranger.apiKey, body })).status).toBe(404);
    expect((await t.rest('GET', scansPath(), { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `${scansPath()}/not-a-uuid`, { key: admin.apiKey })).status).toBe(400);
    expect((await t.rest('GET', `${scansPath()}/00000000-0000-4000-8000-000000000000`, { key: admin.apiKey })).status).toBe(404);
    expect(
      (await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/00000000-0000-4000-8000-000000000000/findings`, { key: admin.apiKey, body }))
        .status,
    ).toBe(404);
  });

  it("takes a whole account's Prowler run, far above the 5 MB body limit of other routes", async () => {
    const body = Array.from({ length: 12_000 }, (_, i) => prowlerFinding(`check_${i % 40}`, `arn:aws:s3:::bucket-${i}`, i % 4 === 0 ? 'PASS' : 'FAIL'));
    expect(JSON.stringify(body).length).toBeGreaterThan(10_000_000);
    const anonymous = await t.rest('POST', findingsPath(), { body });
    expect(anonymous.status).toBe(401);
    const res = await t.rest('POST', findingsPath(), { key: admin.apiKey, body });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'DONE', findingsCount: 9_000, summary: { findings: 9_000, created: 9_000 } });
  });

  it('is a GraphQL mutation too, answering the scan with its summary', async () => {
    const res = await t.graphql(
      `mutation($i: IngestFindingsInput!) { ingestFindings(input: $i) { scan { status trigger findingsCount summary { created closed unchanged } scanTarget { id name } } } }`,
      {
        i: {
          organizationId: admin.organizationId,
          scanTargetId: targetId,
          document: { format: 'vigil', findings: [{ rule: 'domain-spf-missing', resource: 'example.com' }] },
        },
      },
      admin.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
    expect(res.body.data.ingestFindings.scan).toEqual({
      status: 'DONE',
      trigger: 'INGEST',
      findingsCount: 1,
      summary: { created: 1, closed: 9_000, unchanged: 0 },
      scanTarget: { id: targetId, name: 'prod account' },
    });
  });

  it('pages through the target’s scans with first/after, newest first, each once, as the REST history has them', async () => {
    const history = (await t.rest('GET', `/organizations/${admin.organizationId}/scantargets/${targetId}/scans`, { key: admin.apiKey })).body.data;
    expect(history.length).toBeGreaterThan(2);
    const query = `query($o: ID!, $t: ID!, $after: String) { scans(organizationId: $o, scanTargetId: $t, first: 2, after: $after) { ${PAGE_SELECTION} } }`;
    const seen = await pageThrough(t, admin.apiKey, query, { o: admin.organizationId, t: targetId }, (data) => data.scans, 2);
    expect(seen).toEqual(history.map((scan: { id: string }) => scan.id));
  });
});
