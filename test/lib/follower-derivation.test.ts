import { randomUUID } from 'node:crypto';
import { deriveFollowingEvent, type EventLogRow, followsOf, readEventLog } from '../../lib/event-log';
import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * One follower derivation: what a follower's live stream derives from a followed organization's
 * alert event (lib/event-log.ts deriveFollowingEvent, per entry, in the gateway) is exactly what its
 * REST log / webhooks read (readEventLog, in SQL) — same id, seq, name, censored data and metadata —
 * both built from the one censorship policy (lib/visibility.ts HIDDEN_ALERT_FIELDS).
 */
jest.setTimeout(60_000);

let t: TestVigil;
let acme: Account;
let viewer: Account;

beforeAll(async () => {
  t = await startTestVigil();
  acme = await t.bootstrap('admin@acme.test', 'Acme');
  viewer = await t.bootstrap('admin@viewer.test', 'Viewer');
  await insertRules(t.vigil.db);
  await follow(t.vigil.db, viewer.organizationId, acme.organizationId);
});
afterAll(() => t?.close());

it("derives a follower's alert events in the gateway exactly as the REST log derives them in SQL", async () => {
  const target = await createScanTarget(t.vigil.db, acme.organizationId);
  const ids = await insertAlerts(t.vigil.db, [
    {
      organizationId: acme.organizationId,
      scanTargetId: target,
      rule: FIXTURE_RULES[0].id,
      resource: 'arn:aws:s3:::secret-bucket',
      metadata: { owner: 'ops' },
      labels: ['pci'],
    },
    { organizationId: acme.organizationId, scanTargetId: target, rule: FIXTURE_RULES[1].id, resource: 'vm-1', severity: 'LOW' },
  ]);
  for (const id of ids) {
    const res = await t.graphql(
      `mutation($o: ID!, $t: ID!, $a: ID!, $l: String!) { updateAlert(input: { organizationId: $o, scanTargetId: $t, alertId: $a, state: IN_PROGRESS, labels: [$l] }) { alert { id } } }`,
      { o: acme.organizationId, t: target, a: id, l: randomUUID() },
      acme.apiKey,
    );
    expect(res.body.errors).toBeUndefined();
  }
  const raw = await readEventLog(t.vigil.db.pool, { organizationId: acme.organizationId, limit: 1000 });
  const derivedSql = (await readEventLog(t.vigil.db.pool, { organizationId: viewer.organizationId, limit: 1000 })).filter((e) =>
    e.name.startsWith('AlertFollowing'),
  );
  const [followed] = await followsOf(t.vigil.db.pool, viewer.organizationId);
  const derivedJs = raw.map((row) => deriveFollowingEvent(row, viewer.organizationId, followed.createdAt)).filter((row): row is EventLogRow => row !== null);
  expect(derivedSql.length).toBeGreaterThanOrEqual(2);
  const normal = (rows: EventLogRow[]) => rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString(), data: JSON.parse(JSON.stringify(r.data)) }));
  expect(normal(derivedJs)).toEqual(normal(derivedSql));
  expect(derivedSql.length).toBeGreaterThan(0);
  expect(derivedSql.every((e) => e.data.resource === '[censored]' && !('userId' in e.metadata))).toBe(true);
});
