import { runDueScans } from '../../../subgraphs/alerts/scans/scheduler';
import { eventsOf, follow } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * The alert lifecycle driven through the ingestion API: open → risk accepted → still accepted
 * after rescans (data refreshed) → closed when the finding disappears → reopened; versions, history
 * rows, events (and the follower's censored copies); a failed scan and concurrent starts change
 * nothing twice.
 */
let t: TestVigil;
let admin: Account;
let follower: Account;
let targetId: string;

type Finding = { rule: string; resource: string; severity?: string; metadata?: Record<string, string>; enrichment?: object; tags?: string[] };

const ACCEPTED = { rule: 'aws-s3-bucket-public', resource: 'arn:aws:s3:::customer-data' };
const STAYS = { rule: 'aws-cloudtrail-disabled', resource: 'arn:aws:cloudtrail:us-east-1:123456789012:trail/main' };
const GOES = { rule: 'aws-ebs-volume-unencrypted', resource: 'arn:aws:ec2:us-east-1:123456789012:volume/vol-1' };

async function ingest(findings: Finding[]) {
  const res = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/findings`, {
    key: admin.apiKey,
    body: { format: 'vigil', findings },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function alertOf(key: { rule: string; resource: string }) {
  const { rows } = await t.vigil.db.pool.query(`SELECT * FROM alerts.alerts WHERE "scanTargetId" = $1 AND rule = $2 AND resource = $3`, [
    targetId,
    key.rule,
    key.resource,
  ]);
  return rows[0];
}

async function historyOf(alertId: string) {
  const { rows } = await t.vigil.db.pool.query(
    `SELECT operation, version, state, "userId", metadata, "openedAt", "resolvedAt" FROM alerts.alert_history WHERE "alertId" = $1 ORDER BY seq`,
    [alertId],
  );
  return rows;
}

async function snapshot() {
  const db = t.vigil.db.pool;
  return {
    alerts: (await db.query(`SELECT * FROM alerts.alerts WHERE "scanTargetId" = $1 ORDER BY id`, [targetId])).rows,
    history: (await db.query(`SELECT count(*)::int AS n FROM alerts.alert_history WHERE "scanTargetId" = $1`, [targetId])).rows[0].n,
    alertEvents: (await db.query(`SELECT count(*)::int AS n FROM documents.events WHERE name LIKE 'Alert%'`)).rows[0].n,
  };
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@lifecycle.example', 'Lifecycle Corp');
  follower = await t.bootstrap('admin@watcher.example', 'Watcher Inc');
  await follow(t.vigil.db, follower.organizationId, admin.organizationId);
  const created = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets`, {
    key: admin.apiKey,
    body: { name: 'prod', kind: 'AWS', credential: { account: '123456789012' } },
  });
  targetId = created.body.id;
});
afterAll(() => t.close());

describe('the alert lifecycle through the ingestion API', () => {
  let acceptedId: string;
  let firstOpenedAt: Date;

  it('creates OPEN alerts at version 1 with a CREATE history row, AlertCreated, and a censored AlertFollowingCreated for the follower', async () => {
    const scan = await ingest([
      { ...ACCEPTED, metadata: { region: 'us-east-1' }, enrichment: { evidence: 'bucket policy allows *' } },
      { ...STAYS, metadata: { region: 'us-east-1' } },
      { ...GOES },
    ]);
    expect(scan.summary).toEqual({ findings: 3, created: 3, reopened: 0, updated: 0, closed: 0, unchanged: 0, duplicates: 0 });
    const alert = await alertOf(ACCEPTED);
    acceptedId = alert.id;
    firstOpenedAt = alert.openedAt;
    expect(alert).toMatchObject({ state: 'OPEN', version: 1, severity: 'HIGH', resolvedAt: null, lastScanId: scan.id, metadata: { region: 'us-east-1' } });
    expect(alert.openedAt).toBeInstanceOf(Date);
    expect(await historyOf(acceptedId)).toEqual([expect.objectContaining({ operation: 'CREATE', version: 1, state: 'OPEN', userId: null })]);

    const own = (await eventsOf(t.vigil.db, admin.organizationId, 'AlertCreated')).filter((e) => e.data.id === acceptedId);
    expect(own).toHaveLength(1);
    expect(own[0].data).toMatchObject({
      id: acceptedId,
      rule: ACCEPTED.rule,
      resource: ACCEPTED.resource,
      state: 'OPEN',
      version: 1,
      metadata: { region: 'us-east-1' },
      enrichment: { evidence: 'bucket policy allows *' },
    });
    expect(own[0].data.openedAt).toBe(new Date(alert.openedAt).toISOString());
    expect(own[0].metadata).toEqual({ scanId: scan.id, scanTargetId: targetId });

    const followed = (await eventsOf(t.vigil.db, follower.organizationId, 'AlertFollowingCreated')).filter((e) => e.data.id === acceptedId);
    expect(followed).toHaveLength(1);
    expect(followed[0].data).toMatchObject({
      id: acceptedId,
      organizationId: admin.organizationId,
      rule: ACCEPTED.rule,
      state: 'OPEN',
      version: 1,
      resource: '[censored]',
      metadata: {},
      enrichment: {},
    });
    expect(JSON.stringify(await eventsOf(t.vigil.db, follower.organizationId))).not.toContain('customer-data');
    expect(await eventsOf(t.vigil.db, follower.organizationId, 'AlertCreated')).toEqual([]);
  });

  it('keeps an accepted risk accepted through rescans; an unchanged scan changes nothing, changed data bumps the version', async () => {
    const accepted = await t.rest('PUT', `/organizations/${admin.organizationId}/scantargets/${targetId}/alerts/${acceptedId}`, {
      key: admin.apiKey,
      body: { state: 'RISK_ACCEPTED' },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'RISK_ACCEPTED', version: 2 });

    const before = await snapshot();
    const same = await ingest([
      { ...ACCEPTED, metadata: { region: 'us-east-1' }, enrichment: { evidence: 'bucket policy allows *' } },
      { ...STAYS, metadata: { region: 'us-east-1' } },
      { ...GOES },
    ]);
    expect(same.summary).toEqual({ findings: 3, created: 0, reopened: 0, updated: 0, closed: 0, unchanged: 3, duplicates: 0 });
    expect(await snapshot()).toEqual(before);

    const refreshed = await ingest([
      { ...ACCEPTED, severity: 'CRITICAL', metadata: { region: 'us-east-1', public: 'true' }, enrichment: { evidence: 'bucket policy allows *' } },
      { ...STAYS, metadata: { region: 'us-east-1' } },
      { ...GOES },
    ]);
    expect(refreshed.summary).toMatchObject({ updated: 1, unchanged: 2, created: 0, closed: 0 });
    const alert = await alertOf(ACCEPTED);
    expect(alert).toMatchObject({
      state: 'RISK_ACCEPTED',
      version: 3,
      severity: 'CRITICAL',
      metadata: { region: 'us-east-1', public: 'true' },
      lastScanId: refreshed.id,
    });
    expect(alert.openedAt).toEqual(firstOpenedAt);
    const updated = (await eventsOf(t.vigil.db, admin.organizationId, 'AlertUpdated')).filter((e) => e.data.id === acceptedId && e.data.version === 3);
    expect(updated).toHaveLength(1);
    expect(updated[0].data).toMatchObject({ state: 'RISK_ACCEPTED', severity: 'CRITICAL' });
    const followed = (await eventsOf(t.vigil.db, follower.organizationId, 'AlertFollowingUpdated')).filter(
      (e) => e.data.id === acceptedId && e.data.version === 3,
    );
    expect(followed.map((e) => e.data)).toEqual([expect.objectContaining({ state: 'RISK_ACCEPTED', resource: '[censored]', metadata: {}, enrichment: {} })]);
  });

  it('closes an alert whose finding disappears (resolvedAt, CLOSE history, AlertUpdated), whatever its state', async () => {
    const scan = await ingest([{ ...STAYS, metadata: { region: 'us-east-1' } }, { ...GOES }]);
    expect(scan.summary).toEqual({ findings: 2, created: 0, reopened: 0, updated: 0, closed: 1, unchanged: 2, duplicates: 0 });
    const alert = await alertOf(ACCEPTED);
    expect(alert).toMatchObject({ state: 'CLOSED', version: 4, lastScanId: scan.id });
    expect(alert.resolvedAt).toBeInstanceOf(Date);
    expect(alert.openedAt).toEqual(firstOpenedAt);
    const closedEvents = (await eventsOf(t.vigil.db, admin.organizationId, 'AlertUpdated')).filter(
      (e) => e.data.id === acceptedId && e.data.state === 'CLOSED',
    );
    expect(closedEvents).toHaveLength(1);
    expect(closedEvents[0].data.resolvedAt).toBe(new Date(alert.resolvedAt).toISOString());
    // Still closed after another scan without it: nothing is written.
    const before = await snapshot();
    await ingest([{ ...STAYS, metadata: { region: 'us-east-1' } }, { ...GOES }]);
    expect(await snapshot()).toEqual(before);
  });

  it('reopens a closed alert when its finding comes back: OPEN, a new openedAt, resolvedAt cleared, REOPEN history', async () => {
    const scan = await ingest([
      { ...ACCEPTED, metadata: { region: 'us-east-1' } },
      { ...STAYS, metadata: { region: 'us-east-1' } },
    ]);
    expect(scan.summary).toEqual({ findings: 2, created: 0, reopened: 1, updated: 0, closed: 1, unchanged: 1, duplicates: 0 });
    const alert = await alertOf(ACCEPTED);
    expect(alert).toMatchObject({ state: 'OPEN', version: 5, resolvedAt: null, metadata: { region: 'us-east-1' }, severity: 'HIGH' });
    expect(alert.openedAt.getTime()).toBeGreaterThan(firstOpenedAt.getTime());

    const history = await historyOf(acceptedId);
    expect(history.map((h) => [h.operation, h.version, h.state])).toEqual([
      ['CREATE', 1, 'OPEN'],
      ['UPDATE', 2, 'RISK_ACCEPTED'],
      ['UPDATE', 3, 'RISK_ACCEPTED'],
      ['CLOSE', 4, 'CLOSED'],
      ['REOPEN', 5, 'OPEN'],
    ]);
    expect(history[1].userId).toBe(admin.userId);
    expect(history.filter((h) => h.operation !== 'UPDATE' || h.version !== 2).length).toBeGreaterThan(0);
    expect(history.filter((h) => h.operation !== 'UPDATE' || h.version !== 2).every((h) => h.userId === null)).toBe(true);
    expect(history[3].resolvedAt).toBeInstanceOf(Date);
    expect(history[4].resolvedAt).toBeNull();

    // One own event and one censored follower event per scan change of the alert (versions 1, 3, 4, 5; 2 is the user's).
    const own = (await eventsOf(t.vigil.db, admin.organizationId)).filter((e) => e.data.id === acceptedId);
    expect(own.map((e) => [e.name, e.data.version])).toEqual([
      ['AlertCreated', 1],
      ['AlertUpdated', 2],
      ['AlertUpdated', 3],
      ['AlertUpdated', 4],
      ['AlertUpdated', 5],
    ]);
    const followed = (await eventsOf(t.vigil.db, follower.organizationId)).filter((e) => e.data.id === acceptedId);
    expect(followed.map((e) => [e.name, e.data.version, e.data.resource])).toEqual([
      ['AlertFollowingCreated', 1, '[censored]'],
      ['AlertFollowingUpdated', 2, '[censored]'],
      ['AlertFollowingUpdated', 3, '[censored]'],
      ['AlertFollowingUpdated', 4, '[censored]'],
      ['AlertFollowingUpdated', 5, '[censored]'],
    ]);
  });

  it('logs ScanStarted and ScanCompleted for every ingested scan, and sets the target lastScanAt', async () => {
    const scans = (await t.rest('GET', `/organizations/${admin.organizationId}/scantargets/${targetId}/scans`, { key: admin.apiKey })).body.data;
    const completed = await eventsOf(t.vigil.db, admin.organizationId, 'ScanCompleted');
    expect(completed.map((e) => e.data.id).sort()).toEqual(scans.map((s: { id: string }) => s.id).sort());
    expect(completed[completed.length - 1].data).toMatchObject({ id: scans[0].id, status: 'DONE', trigger: 'INGEST', summary: scans[0].summary });
    expect((await eventsOf(t.vigil.db, admin.organizationId, 'ScanStarted')).length).toBe(scans.length);
    const target = await t.rest('GET', `/organizations/${admin.organizationId}/scantargets/${targetId}`, { key: admin.apiKey });
    expect(target.body.lastScanAt).toBe(scans[0].finishedAt);
    // The Ruby SDK 1.0.1 reads the scan history as a bare array.
    const ruby = await t.rest('GET', `/organizations/${admin.organizationId}/scantargets/${targetId}/scans`, {
      key: admin.apiKey,
      headers: { 'user-agent': 'Zanshin Ruby SDK 1.0.1' },
    });
    expect(ruby.body).toEqual(scans);
  });
});

describe('failed and concurrent scans change nothing twice', () => {
  it('a scan whose reconciliation fails midway is FAILED and no alert, history row or alert event changes', async () => {
    // A trigger makes the history insert fail after the alerts were already updated in the transaction.
    await t.vigil.db.pool.query(`
      CREATE FUNCTION alerts.test_explode() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.resource = 'explode' THEN RAISE EXCEPTION 'history write failed'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER test_explode BEFORE INSERT ON alerts.alert_history FOR EACH ROW EXECUTE FUNCTION alerts.test_explode();`);
    try {
      const before = await snapshot();
      // Would create one alert, reopen one, close two, if it succeeded.
      const scan = await ingest([{ rule: 'domain-spf-missing', resource: 'explode' }, { ...GOES }]);
      expect(scan).toMatchObject({ status: 'FAILED', summary: null, findingsCount: 0 });
      expect(scan.error).toContain('history write failed');
      expect(await snapshot()).toEqual(before);
      const failed = await eventsOf(t.vigil.db, admin.organizationId, 'ScanFailed');
      expect(failed.map((e) => e.data.id)).toContain(scan.id);
    } finally {
      await t.vigil.db.pool.query(`DROP TRIGGER test_explode ON alerts.alert_history; DROP FUNCTION alerts.test_explode();`);
    }
  });

  it('a concurrent double start queues one scan (the other answers 409); force replaces it; stop discards it', async () => {
    const start = (force?: boolean) =>
      t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/scan${force === undefined ? '' : `?force=${force}`}`, {
        key: admin.apiKey,
      });
    const [a, b] = await Promise.all([start(), start(false)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a.body, b.body]).toContainEqual(true);
    const scans = async () => (await t.rest('GET', `/organizations/${admin.organizationId}/scantargets/${targetId}/scans`, { key: admin.apiKey })).body.data;
    const queued = (await scans()).filter((s: { status: string }) => s.status === 'QUEUED');
    expect(queued).toHaveLength(1);
    expect(queued[0].trigger).toBe('MANUAL');

    // An ingestion while a scan is queued is refused and changes nothing.
    const before = await snapshot();
    const refused = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/findings`, {
      key: admin.apiKey,
      body: { format: 'vigil', findings: [] },
    });
    expect(refused.status).toBe(409);
    expect(await snapshot()).toEqual(before);

    expect((await start(true)).body).toBe(true);
    const afterForce = await scans();
    expect(afterForce.find((s: { id: string }) => s.id === queued[0].id)).toMatchObject({ status: 'STOPPED', error: 'replaced by a forced start' });
    expect(afterForce.filter((s: { status: string }) => s.status === 'QUEUED')).toHaveLength(1);

    expect((await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/stop`, { key: admin.apiKey })).body).toBe(true);
    expect((await scans()).filter((s: { status: string }) => s.status === 'QUEUED' || s.status === 'RUNNING')).toEqual([]);
    // Nothing left to run; stopping again is harmless.
    expect((await runDueScans(t.vigil.db, new Date(0))).ran).toEqual([]);
    expect((await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/stop`, { key: admin.apiKey })).body).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it('a scan stopped while running has its findings discarded', async () => {
    const before = await snapshot();
    const started = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/scan?force=false`, { key: admin.apiKey });
    expect(started.status).toBe(200);
    const report = await runDueScans(t.vigil.db, new Date(0), {
      // The scanner runs while a user stops the scan; its (empty) result must not close anything.
      scannerFor: () => async () => {
        await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/stop`, { key: admin.apiKey });
        return [];
      },
    });
    expect(report.ran).toEqual([{ scanId: expect.any(String), status: 'STOPPED' }]);
    expect(await snapshot()).toEqual(before);
  });

  it('only admins start and stop scans', async () => {
    const member = await t.bootstrap('outsider@lifecycle.example', 'Outsider');
    expect((await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/scan`, { key: member.apiKey })).status).toBe(404);
    expect((await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/stop`, { key: member.apiKey })).status).toBe(404);
    await t.vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{}', now())`, [
      admin.organizationId,
      member.userId,
    ]);
    expect((await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/scan`, { key: member.apiKey })).status).toBe(403);
    expect((await t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/stop`, { key: member.apiKey })).status).toBe(403);
    expect((await t.rest('GET', `/organizations/${admin.organizationId}/scantargets/${targetId}/scans`, { key: member.apiKey })).status).toBe(200);
  });
});
