import { parse } from 'csv-parse/sync';
import { enumName } from '../../../lib/vocabulary';
import { alertCsvBothWays, alertsSubgraph, createScanTarget, type FixtureAlert, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { pdfText } from '../../support/pdf-text';
import { type Account, type HttpResult, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Documents (exports): requested through the API, built by the export.build job on the job runner,
 * downloaded as CSV / PDF. Each CSV is parsed back and compared with what the list API answers for
 * the same filter and order; the PDF's text is extracted and checked.
 */
let t: TestVigil;
let acme: Account; // has alerts; followed by viewer
let bolt: Account; // followed by viewer too
let viewer: Account; // follows acme and bolt
let stranger: Account;
const TARGET_NAME = 'acme-secret-prod-account';

const hours = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 3600_000);

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_WORKERS: 'all', VIGIL_DOCUMENTS_CLEANUP_INTERVAL_MS: '300' });
  acme = await t.bootstrap('ann@acme.example', 'Acme');
  bolt = await t.bootstrap('bob@bolt.example', 'Bolt');
  viewer = await t.bootstrap('vera@viewer.example', 'Viewer');
  stranger = await t.bootstrap('sam@else.example', 'Elsewhere');
  await follow(t.vigil.db, viewer.organizationId, acme.organizationId);
  await follow(t.vigil.db, viewer.organizationId, bolt.organizationId);
  await insertRules(t.vigil.db);
  const fixtures: FixtureAlert[] = [];
  const severities = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'];
  for (const [n, org] of [acme, bolt].entries()) {
    const target = await createScanTarget(t.vigil.db, org.organizationId, { name: n === 0 ? TARGET_NAME : 'bolt-aws', kind: 'AWS' });
    for (let i = 0; i < 23; i++) {
      fixtures.push({
        organizationId: org.organizationId,
        scanTargetId: target,
        rule: i % 2 ? 'fx-bucket-public' : 'fx-root-mfa',
        resource: `secret-host-${n}-${i}.internal, "quoted"\nline`,
        severity: severities[(i + n) % 5],
        state: i % 7 === 6 ? 'CLOSED' : 'OPEN',
        resolvedAt: i % 7 === 6 ? hours(50) : null,
        openedAt: hours(i),
        createdAt: hours(i),
        labels: i % 3 ? [] : ['l1', 'l2'],
        metadata: { account: '123' },
      });
    }
  }
  await insertAlerts(t.vigil.db, fixtures);
}, 120_000);
afterAll(() => t.close());

const createDocument = (org: string, body: object, key: string) => t.rest('POST', `/organizations/${org}/documents`, { key, body });

async function waitFinished(id: string, key: string): Promise<HttpResult> {
  for (let i = 0; i < 150; i++) {
    const res = await t.rest('GET', `/me/documents/${id}`, { key });
    if (res.body.status !== 'PENDING') return res;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} still PENDING`);
}

async function download(id: string, key: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const res = await fetch(`${t.url}/me/documents/${id}/download`, { headers: { authorization: `Bearer ${key}` } });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function exportCsv(org: string, body: object, key: string): Promise<Array<Record<string, string>>> {
  const created = await createDocument(org, body, key);
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({ status: 'PENDING', organizationId: org, attachmentId: null });
  const done = await waitFinished(created.body.id, key);
  expect(done.body).toMatchObject({ status: 'DONE', reason: null });
  const file = await download(created.body.id, key);
  expect(file.status).toBe(200);
  expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
  expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"/);
  return parse(file.bytes, { columns: true });
}

type ListRecord = Record<string, unknown> & { tags: string[]; labels: string[]; compliances: string[] };

/** The alerts the list answers for the same arguments (its database-built records, read on the subgraph), as CSV cells. */
async function listed(field: 'alerts' | 'followingAlerts', exportArgs: Record<string, unknown>, account: Account): Promise<Array<Record<string, string>>> {
  // An export's params spell the sort key as REST does (`createdAt`); the GraphQL enum spells it CREATED_AT.
  const args = typeof exportArgs.order === 'string' ? { ...exportArgs, order: enumName(exportArgs.order) } : exportArgs;
  const res = await alertsSubgraph(
    t,
    account,
    `query($organizationId: ID!, ${field === 'followingAlerts' ? '$following: FollowingSelection, ' : ''}$filter: AlertFilter, $order: AlertOrder, $sort: Sort) {
      list: ${field}Page(organizationId: $organizationId, ${field === 'followingAlerts' ? 'following: $following, ' : ''}filter: $filter, order: $order, sort: $sort, size: 1000) { recordsJson cursor } }`,
    field === 'alerts' ? (({ following: _f, ...rest }) => rest)(args) : args,
  );
  expect(res.body.errors).toBeUndefined();
  expect(res.body.data.list.cursor).toBeNull();
  return (JSON.parse(res.body.data.list.recordsJson) as ListRecord[]).map((a) => ({
    id: String(a.id),
    organizationId: String(a.organizationId),
    scanTargetId: String(a.scanTargetId),
    rule: String(a.rule),
    ruleTitle: String(a.ruleTitle ?? ''),
    resource: String(a.resource),
    severity: String(a.severity),
    state: String(a.state),
    version: String(a.version),
    tags: a.tags.join(';'),
    labels: a.labels.join(';'),
    compliances: a.compliances.join(';'),
    openedAt: String(a.openedAt ?? ''),
    resolvedAt: String(a.resolvedAt ?? ''),
    createdAt: String(a.createdAt),
    updatedAt: String(a.updatedAt),
    timelinessThreshold: a.timelinessThreshold === null ? '' : String(a.timelinessThreshold),
  }));
}

describe('CSV exports', () => {
  it("exports the organization's alerts with the List alerts filter and order, row for row", async () => {
    const params = { filter: { states: ['ACTIVE'], severities: ['CRITICAL', 'HIGH', 'LOW'] }, order: 'createdAt', sort: 'ASC' };
    const rows = await exportCsv(acme.organizationId, { type: 'ALERT', params }, acme.apiKey);
    const expected = await listed('alerts', { organizationId: acme.organizationId, ...params }, acme);
    expect(expected.length).toBeGreaterThan(5);
    expect(rows).toEqual(expected);
    expect(rows.some((r) => r.resource.includes('"quoted"\nline'))).toBe(true);
  });

  it("takes the alert lists' lang in the spec's spelling (pt-BR) as in the enum's, stored as the enum's", async () => {
    const rows = await exportCsv(acme.organizationId, { type: 'ALERT', params: { filter: { states: ['ACTIVE'] }, lang: 'pt-BR' } }, acme.apiKey);
    expect(rows.length).toBeGreaterThan(0);
    const created = await createDocument(acme.organizationId, { type: 'ALERT', params: { lang: 'en-US' } }, acme.apiKey);
    expect(created.body.params).toEqual({ lang: 'en_US' });
  });

  it("exports a followed organization's alerts to a follower censored, as the follower's list shows them", async () => {
    const params = { filter: { states: ['OPEN'] }, order: 'severity', sort: 'DESC' };
    const rows = await exportCsv(acme.organizationId, { type: 'ALERT', params }, viewer.apiKey);
    const expected = await listed(
      'followingAlerts',
      { organizationId: viewer.organizationId, following: { followingIds: [acme.organizationId] }, ...params },
      viewer,
    );
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(5);
    expect(new Set(rows.map((r) => r.resource))).toEqual(new Set(['[censored]']));
  });

  it('exports the alerts of followed organizations with the List following alerts filter, censored', async () => {
    const params = {
      following: { followingIds: [acme.organizationId, bolt.organizationId] },
      filter: { rules: ['fx-root-mfa'] },
      order: 'createdAt',
      sort: 'DESC',
    };
    const rows = await exportCsv(viewer.organizationId, { type: 'FOLLOWING_ALERT', params }, viewer.apiKey);
    const expected = await listed('followingAlerts', { organizationId: viewer.organizationId, ...params }, viewer);
    expect(rows).toEqual(expected);
    expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set([acme.organizationId, bolt.organizationId]));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.resource === '[censored]')).toBe(true);
  });

  it('narrows a following export by the tags on the follows, as the list does (lib/visibility.ts followedSelected)', async () => {
    await follow(t.vigil.db, viewer.organizationId, acme.organizationId, ['suppliers']);
    try {
      for (const following of [
        { followingTags: ['suppliers'] },
        { followingTags: ['suppliers'], includeEmptyFollowingTags: true },
        { followingTags: ['nobody'] },
      ]) {
        const params = { following, order: 'createdAt', sort: 'ASC' };
        const rows = await exportCsv(viewer.organizationId, { type: 'FOLLOWING_ALERT', params }, viewer.apiKey);
        expect(rows).toEqual(await listed('followingAlerts', { organizationId: viewer.organizationId, ...params }, viewer));
        const organizations = following.includeEmptyFollowingTags
          ? [acme.organizationId, bolt.organizationId]
          : following.followingTags[0] === 'suppliers'
            ? [acme.organizationId]
            : [];
        expect(new Set(rows.map((r) => r.organizationId))).toEqual(new Set(organizations));
      }
    } finally {
      await follow(t.vigil.db, viewer.organizationId, acme.organizationId);
    }
  });

  it('writes the same bytes through COPY on PostgreSQL as through the keyset batches the embedded database uses', async () => {
    const cases = [
      { view: acme, org: acme.organizationId, following: false, params: { filter: { states: ['ACTIVE'] }, order: 'resource', sort: 'ASC' } },
      {
        view: viewer,
        org: acme.organizationId,
        following: false,
        params: { filter: { severities: ['CRITICAL', 'HIGH', 'LOW'] }, order: 'severity', sort: 'DESC', lang: 'pt_BR' },
      },
      {
        view: viewer,
        org: viewer.organizationId,
        following: true,
        params: { following: { followingIds: [acme.organizationId, bolt.organizationId] }, order: 'resolvedAt', sort: 'ASC' },
      },
    ];
    for (const c of cases) {
      const written = await alertCsvBothWays(t, c.view, { organizationId: c.org, following: c.following, params: c.params });
      expect(written.copy.split('\n').length).toBeGreaterThan(10);
      expect(written.copy).toEqual(written.batches);
    }
  });

  it('records the id of the request that asked for an export on its job', async () => {
    const created = await t.rest('POST', `/organizations/${acme.organizationId}/documents`, {
      key: acme.apiKey,
      body: { type: 'EVENT', params: {} },
      headers: { 'x-request-id': 'export-request-7' },
    });
    expect(created.status).toBe(200);
    const { rows } = await t.vigil.db.pool.query(`SELECT "requestId" FROM jobs.jobs WHERE kind = 'export.build' AND payload->>'documentId' = $1`, [
      created.body.id,
    ]);
    expect(rows).toEqual([{ requestId: 'export-request-7' }]);
    await waitFinished(created.body.id, acme.apiKey);
  });

  it("exports the organization's events (EVENT: name, start, end) as the event log lists them", async () => {
    await t.rest('POST', `/organizations/${acme.organizationId}/attachments`, {
      key: acme.apiKey,
      body: { fileName: 'a.txt', contentLength: 1, contentType: 'text/plain', contentMD5: 'DMF1ucDxtqgxw5niaXcmYQ==' },
    });
    const rows = await exportCsv(
      acme.organizationId,
      { type: 'EVENT', params: { filter: { name: 'AttachmentCreated', start: '2020-01-01T00:00:00Z' } } },
      acme.apiKey,
    );
    const listedEvents = await t.rest('GET', `/organizations/${acme.organizationId}/events?name=AttachmentCreated&start=2020-01-01T00:00:00Z&size=1000`, {
      key: acme.apiKey,
    });
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => ({ ...r, data: JSON.parse(r.data), metadata: JSON.parse(r.metadata) }))).toEqual(
      listedEvents.body.data.map((e: Record<string, unknown>) => ({
        id: e.id,
        name: e.name,
        source: e.source,
        version: String(e.version),
        createdAt: e.createdAt,
        data: e.data,
        metadata: e.metadata,
      })),
    );
    const none = await exportCsv(acme.organizationId, { type: 'EVENT', params: { filter: { end: '2001-01-01T00:00:00Z' } } }, acme.apiKey);
    expect(none).toEqual([]);
  });
});

describe('PDF exports', () => {
  it("reports a followed organization's posture to a follower: counts, oldest open alerts by rule, censored scan targets, a chart", async () => {
    const created = await createDocument(acme.organizationId, { type: 'THIRD_PARTY_REPORT', params: { language: 'en_US' } }, viewer.apiKey);
    expect(created.status).toBe(200);
    expect((await waitFinished(created.body.id, viewer.apiKey)).body.status).toBe('DONE');
    const file = await download(created.body.id, viewer.apiKey);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/filename="third-party-report-.+\.pdf"/);
    const text = pdfText(file.bytes);
    expect(text).toContain('Third-party security posture report');
    expect(text).toContain('Organization: Acme');
    const { rows } = await t.vigil.db.pool.query<{ severity: string; n: number }>(
      `SELECT severity, count(*)::int AS n FROM alerts.alerts WHERE "organizationId" = $1 AND state <> 'CLOSED' GROUP BY severity`,
      [acme.organizationId],
    );
    for (const row of rows) expect(text).toContain(`${row.severity}: ${row.n}`);
    expect(text).toContain('CLOSED: 3');
    expect(text).toMatch(/fx-root-mfa.*: 10 alerts, open since 2025-01-01/);
    expect(text).toContain('[censored] [AWS]');
    expect(text).not.toContain(TARGET_NAME);
    expect(text).toContain('Open and closed alerts, last 30 days');
  });

  it('writes the report in pt_BR when asked', async () => {
    const created = await createDocument(acme.organizationId, { type: 'THIRD_PARTY_REPORT', params: { language: 'pt_BR' } }, acme.apiKey);
    expect((await waitFinished(created.body.id, acme.apiKey)).body.status).toBe('DONE');
    const text = pdfText((await download(created.body.id, acme.apiKey)).bytes);
    expect(text).toContain('Relatório de postura de segurança de terceiro');
    expect(text).toContain(TARGET_NAME); // a member's own report is not censored
  });
});

describe('who may export and read documents', () => {
  it('refuses non-members and non-followers, and followers for member-only types, like a missing organization', async () => {
    const alert = { type: 'ALERT', params: {} };
    expect((await createDocument(acme.organizationId, alert, stranger.apiKey)).status).toBe(404);
    expect((await createDocument(acme.organizationId, { type: 'EVENT', params: {} }, viewer.apiKey)).status).toBe(404);
    expect((await createDocument(acme.organizationId, { type: 'FOLLOWING_ALERT', params: {} }, viewer.apiKey)).status).toBe(404);
    expect((await createDocument(viewer.organizationId, { type: 'THIRD_PARTY_REPORT', params: {} }, acme.apiKey)).status).toBe(404);
    expect((await createDocument(acme.organizationId, alert, '')).status).toBe(401);
  });

  it('answers bad types and params with a 400 naming the field', async () => {
    const bad = await createDocument(acme.organizationId, { type: 'PAYROLL', params: {} }, acme.apiKey);
    expect([bad.status, bad.body.message]).toEqual([
      400,
      expect.stringContaining('type must be one of ALERT, FOLLOWING_ALERT, EVENT, THIRD_PARTY_REPORT, QUESTIONNAIRE_REPORT'),
    ]);
    const unknownParam = await createDocument(acme.organizationId, { type: 'EVENT', params: { colour: 'red' } }, acme.apiKey);
    expect([unknownParam.status, unknownParam.body.message]).toEqual([400, expect.stringContaining('colour')]);
    const badDate = await createDocument(acme.organizationId, { type: 'EVENT', params: { filter: { start: 'yesterday' } } }, acme.apiKey);
    expect([badDate.status, badDate.body.message]).toEqual([400, expect.stringContaining('params.filter.start')]);
  });

  it("fails a follower's export that filters on a field hidden from followers, with the reason", async () => {
    const created = await createDocument(acme.organizationId, { type: 'ALERT', params: { filter: { scanTargetTags: ['prod'] } } }, viewer.apiKey);
    const done = await waitFinished(created.body.id, viewer.apiKey);
    expect(done.body).toMatchObject({ status: 'FAILED', attachmentId: null });
    expect(done.body.reason).toContain('followers cannot filter by scanTargetTags');
  });

  it("keeps each user's documents to that user: list, read, download, delete", async () => {
    const created = await createDocument(acme.organizationId, { type: 'EVENT', params: {} }, acme.apiKey);
    const done = await waitFinished(created.body.id, acme.apiKey);
    const mine = await t.rest('GET', '/me/documents', { key: acme.apiKey });
    expect(mine.body.map((d: { id: string }) => d.id)).toContain(created.body.id);
    expect((await t.rest('GET', '/me/documents', { key: stranger.apiKey })).body.map((d: { id: string }) => d.id)).not.toContain(created.body.id);
    expect((await t.rest('GET', `/me/documents/${created.body.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await download(created.body.id, stranger.apiKey)).status).toBe(404);
    expect((await t.rest('GET', `/attachments/${done.body.attachmentId}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('GET', `/attachments/${done.body.attachmentId}`, { key: acme.apiKey })).body).toMatchObject({ uploaded: true, organizationId: null });
    expect((await t.rest('DELETE', `/me/documents/${created.body.id}`, { key: stranger.apiKey })).status).toBe(404);
    expect((await t.rest('DELETE', `/me/documents/${created.body.id}`, { key: acme.apiKey })).body).toBe(true);
    expect((await t.rest('GET', `/me/documents/${created.body.id}`, { key: acme.apiKey })).status).toBe(404);
    expect((await download(created.body.id, acme.apiKey)).status).toBe(404);
  });
});

describe('crashes and expiry', () => {
  it('finishes a document whose worker died mid-export once its lease expires (the job is recovered and run again)', async () => {
    // What a killed worker leaves: the document PENDING, its job RUNNING under a lease nobody renews.
    const { rows } = await t.vigil.db.pool.query<{ id: string }>(
      `INSERT INTO documents.documents (id, "userId", "organizationId", type, params, "expiresAt")
       VALUES (gen_random_uuid(), $1, $2, 'ALERT', '{"order":"createdAt","sort":"ASC"}', now() + interval '1 day') RETURNING id`,
      [acme.userId, acme.organizationId],
    );
    const documentId = rows[0].id;
    await t.vigil.db.pool.query(
      `INSERT INTO jobs.jobs (id, kind, payload, state, "singletonKey", attempts, "maxAttempts", "lockedBy", "lockedUntil", "startedAt")
       VALUES (gen_random_uuid(), 'export.build', $1::jsonb, 'RUNNING', $2, 1, 3, 'killed-worker', now() + interval '1 second', now())`,
      [JSON.stringify({ documentId }), documentId],
    );
    const done = await waitFinished(documentId, acme.apiKey);
    expect(done.body.status).toBe('DONE');
    const rowsOut = parse((await download(documentId, acme.apiKey)).bytes, { columns: true });
    expect(rowsOut).toEqual(await listed('alerts', { organizationId: acme.organizationId, order: 'createdAt', sort: 'ASC' }, acme));
    const { rows: jobs } = await t.vigil.db.pool.query(`SELECT state, attempts FROM jobs.jobs WHERE "singletonKey" = $1`, [documentId]);
    expect(jobs).toEqual([{ state: 'DONE', attempts: 2 }]);
  });

  it('fails a document whose export job ended without finishing it (no document stays PENDING for ever)', async () => {
    const { rows } = await t.vigil.db.pool.query<{ id: string }>(
      `INSERT INTO documents.documents (id, "userId", "organizationId", type, params, "expiresAt", "createdAt")
       VALUES (gen_random_uuid(), $1, $2, 'ALERT', '{}', now() + interval '1 day', now() - interval '2 minutes') RETURNING id`,
      [acme.userId, acme.organizationId],
    );
    await t.vigil.db.pool.query(
      `INSERT INTO jobs.jobs (id, kind, payload, state, "singletonKey", attempts, "maxAttempts", "lastError", "finishedAt")
       VALUES (gen_random_uuid(), 'export.build', $1::jsonb, 'FAILED', $2, 3, 3, 'lease expired', now())`,
      [JSON.stringify({ documentId: rows[0].id }), rows[0].id],
    );
    const done = await waitFinished(rows[0].id, acme.apiKey);
    expect(done.body).toMatchObject({ status: 'FAILED', reason: 'the export job ended without finishing the document' });
  });

  it('deletes an expired document and its file', async () => {
    const created = await createDocument(acme.organizationId, { type: 'EVENT', params: {} }, acme.apiKey);
    const done = await waitFinished(created.body.id, acme.apiKey);
    const attachment = await t.rest('GET', `/attachments/${done.body.attachmentId}`, { key: acme.apiKey });
    expect((await fetch(attachment.body.url)).status).toBe(200);
    await t.vigil.db.pool.query(`UPDATE documents.documents SET "expiresAt" = now() WHERE id = $1`, [created.body.id]);
    for (let i = 0; i < 50; i++) {
      const { rows } = await t.vigil.db.pool.query(`SELECT 1 FROM documents.attachments WHERE id = $1`, [done.body.attachmentId]);
      if (!rows.length) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await t.rest('GET', `/me/documents/${created.body.id}`, { key: acme.apiKey })).status).toBe(404);
    expect((await t.vigil.db.pool.query(`SELECT 1 FROM documents.attachments WHERE id = $1`, [done.body.attachmentId])).rows).toEqual([]);
    expect((await fetch(attachment.body.url)).status).toBe(404);
  });
});
