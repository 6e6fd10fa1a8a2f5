import { follow } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * lib/event-log.ts: a follower's AlertFollowing* events are derived from the followed organization's
 * alert events when its log is read — censored, from the follow on, merged in seq order with its own
 * events — and nothing is written per follower.
 */
let t: TestVigil;
let owner: Account;
let early: Account;
let late: Account;
let targetId: string;

interface Event {
  id: string;
  name: string;
  data: Record<string, unknown>;
  metadata: Record<string, string>;
}

async function log(account: Account, query = 'size=1000'): Promise<{ data: Event[]; cursor: string | null }> {
  const res = await t.rest('GET', `/organizations/${account.organizationId}/events?${query}`, { key: account.apiKey });
  expect(res.status).toBe(200);
  return res.body;
}

async function ingest(resources: string[]): Promise<void> {
  const res = await t.rest('POST', `/organizations/${owner.organizationId}/scantargets/${targetId}/findings`, {
    key: owner.apiKey,
    body: { format: 'vigil', findings: resources.map((resource) => ({ rule: 'aws-s3-bucket-public', resource, metadata: { account: '111122223333' } })) },
  });
  expect(res.body.status).toBe('DONE');
}

const alertEvents = (events: Event[]) => events.filter((e) => e.name.startsWith('Alert'));

beforeAll(async () => {
  t = await startTestVigil();
  owner = await t.bootstrap('owen@owner.example', 'Owner');
  early = await t.bootstrap('erin@early.example', 'Early Follower');
  late = await t.bootstrap('lou@late.example', 'Late Follower');
  await follow(t.vigil.db, early.organizationId, owner.organizationId);
  const target = await t.rest('POST', `/organizations/${owner.organizationId}/scantargets`, {
    key: owner.apiKey,
    body: { name: 'prod', kind: 'AWS', credential: { account: '111122223333' } },
  });
  targetId = target.body.id;
  await ingest(['arn:aws:s3:::secret-a', 'arn:aws:s3:::secret-b', 'arn:aws:s3:::secret-c']);
}, 120_000);
afterAll(() => t.close());

describe("a follower's log", () => {
  it('shows each alert event of the followed organization once, censored, under a stable id of its own', async () => {
    const own = alertEvents((await log(owner)).data);
    const followed = alertEvents((await log(early)).data);
    expect(own.map((e) => e.name)).toEqual(['AlertCreated', 'AlertCreated', 'AlertCreated']);
    expect(followed.map((e) => e.name)).toEqual(['AlertFollowingCreated', 'AlertFollowingCreated', 'AlertFollowingCreated']);
    expect(followed.map((e) => e.data.id)).toEqual(own.map((e) => e.data.id));
    for (const e of followed) {
      expect(e.data).toMatchObject({ resource: '[censored]', metadata: {}, enrichment: {}, rule: 'aws-s3-bucket-public', state: 'OPEN' });
      expect(own.map((o) => o.id)).not.toContain(e.id);
    }
    expect(JSON.stringify(followed)).not.toContain('secret-');
    expect(JSON.stringify(followed)).not.toContain('111122223333');
    expect(alertEvents((await log(early)).data).map((e) => e.id)).toEqual(followed.map((e) => e.id));
    // Nothing stored under the follower: the copies exist only when read.
    const { rows } = await t.vigil.db.pool.query(`SELECT count(*)::int AS n FROM documents.events WHERE "organizationId" = $1 AND name LIKE 'Alert%'`, [
      early.organizationId,
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('starts when the follow starts, and ends (past events included) when it ends', async () => {
    await follow(t.vigil.db, late.organizationId, owner.organizationId);
    expect(alertEvents((await log(late)).data)).toEqual([]);
    await ingest(['arn:aws:s3:::secret-a', 'arn:aws:s3:::secret-b', 'arn:aws:s3:::secret-d']); // c closes, d opens
    const seen = alertEvents((await log(late)).data);
    expect(seen.map((e) => [e.name, e.data.state])).toEqual([
      ['AlertFollowingUpdated', 'CLOSED'],
      ['AlertFollowingCreated', 'OPEN'],
    ]);
    expect(alertEvents((await log(early)).data)).toHaveLength(5);
    await t.vigil.db.pool.query(`DELETE FROM organizations.follows WHERE "followerId" = $1`, [late.organizationId]);
    expect(alertEvents((await log(late)).data)).toEqual([]);
    expect(alertEvents((await log(early)).data)).toHaveLength(5);
  });

  it('pages through its own and the followed events merged in order, with any page size', async () => {
    // Own events of the follower after the followed ones, so the streams interleave.
    await t.rest('POST', `/organizations/${early.organizationId}/scantargets`, {
      key: early.apiKey,
      body: { name: 'own', kind: 'GCP', credential: { projectId: 'own-project' } },
    });
    await ingest(['arn:aws:s3:::secret-e']);
    const whole = (await log(early)).data.map((e) => e.id);
    expect(whole.length).toBeGreaterThan(8);
    const names = (await log(early)).data.map((e) => e.name);
    expect(names.indexOf('ScanTargetCreated')).toBeGreaterThan(names.indexOf('AlertFollowingCreated'));
    expect(names.lastIndexOf('AlertFollowingUpdated')).toBeGreaterThan(names.indexOf('ScanTargetCreated'));
    for (const size of [1, 2, 3]) {
      const walked: string[] = [];
      let cursor: string | null = null;
      do {
        const page: { data: Event[]; cursor: string | null } = await log(early, `size=${size}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(page.data.length).toBeLessThanOrEqual(size);
        walked.push(...page.data.map((e) => e.id));
        cursor = page.cursor;
      } while (cursor);
      expect(walked).toEqual(whole);
    }
  });

  it('filters by name, derived names included', async () => {
    const created = (await log(early, 'name=AlertFollowingCreated&size=1000')).data;
    expect(created.length).toBeGreaterThan(0);
    expect(new Set(created.map((e) => e.name))).toEqual(new Set(['AlertFollowingCreated']));
    expect((await log(early, 'name=AlertCreated')).data).toEqual([]);
    expect((await log(early, 'name=ScanTargetCreated')).data.map((e) => e.name)).toEqual(['ScanTargetCreated']);
    // The owner's own log has no derived events.
    expect((await log(owner, 'name=AlertFollowingCreated')).data).toEqual([]);
  });
});
