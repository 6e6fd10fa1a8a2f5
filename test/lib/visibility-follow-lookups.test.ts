import type pg from 'pg';
import { followsOf } from '../../lib/event-log';
import { Visibility } from '../../lib/visibility';
import { follow } from '../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * lib/visibility.ts: the views of many organizations asked at once (an entity fetch of the 100 organizations
 * followingPosture lists, each `__resolveReference` asking `viewOf`) are one lookup of the follows, not one
 * statement per organization, and each answer is still its own: member, follower, or nothing (a stranger, an
 * organization that follows the caller but that the caller does not follow, a deleted followed organization).
 */
let t: TestVigil;
let viewer: Account;
const followed: Account[] = [];
let stranger: Account;
let followsViewer: Account;
let deleted: Account;

beforeAll(async () => {
  t = await startTestVigil();
  viewer = await t.bootstrap('vera@viewer.example', 'Viewer Org');
  for (let i = 0; i < 5; i++) followed.push(await t.bootstrap(`f${i}@followed.example`, `Followed ${i}`));
  stranger = await t.bootstrap('sam@stranger.example', 'Stranger Org');
  followsViewer = await t.bootstrap('fan@fan.example', 'Fan Org');
  deleted = await t.bootstrap('del@deleted.example', 'Deleted Org');
  for (const account of [...followed, deleted]) await follow(t.vigil.db, viewer.organizationId, account.organizationId);
  await follow(t.vigil.db, followsViewer.organizationId, viewer.organizationId);
  await t.vigil.db.pool.query(`UPDATE organizations.organizations SET "deletedAt" = now() WHERE id = $1`, [deleted.organizationId]);
}, 120_000);
afterAll(() => t?.close());

it('answers the views of many organizations asked in one tick with one statement, each view its own', async () => {
  const statements: string[] = [];
  const pool = t.vigil.db.pool;
  const counting = {
    query: (text: string, values?: unknown[]) => {
      statements.push(text);
      return pool.query(text, values);
    },
  } as unknown as pg.Pool;
  const policy = new Visibility(counting, { userId: viewer.userId, apiKeyId: 'test', memberships: { [viewer.organizationId]: ['ADMIN'] } });
  const asked = [...followed, stranger, followsViewer, deleted, viewer].map((a) => a.organizationId);
  const views = await Promise.all(asked.map((id) => policy.viewOf(id)));
  expect(views).toEqual([...followed.map(() => 'follower'), null, null, null, 'member']);
  expect(statements.filter((text) => text.includes('organizations.follows'))).toHaveLength(1);
  // Asked again later in the request: looked up again (not remembered), the same answers.
  expect(await policy.viewOf(followed[0].organizationId)).toBe('follower');
  expect(await policy.viewOf(stranger.organizationId)).toBeNull();
  expect(statements.filter((text) => text.includes('organizations.follows'))).toHaveLength(3);
});

it('a follow set leaves deleted organizations out by reading the deleted ones, not every live one (1,000 follows among 10,000 organizations)', async () => {
  const pool = t.vigil.db.pool;
  const crowd = await t.bootstrap('crowd@crowd.example', 'Crowd Follower');
  await pool.query(
    `WITH o AS (INSERT INTO organizations.organizations (id, name, "updatedAt") SELECT gen_random_uuid(), 'Crowd ' || i, now() FROM generate_series(1, 10000) i RETURNING id)
     INSERT INTO organizations.follows ("followerId", "followedId") SELECT $1, id FROM (SELECT id FROM o LIMIT 1000) f`,
    [crowd.organizationId],
  );
  await pool.query(`INSERT INTO organizations.follows ("followerId", "followedId") VALUES ($1, $2)`, [crowd.organizationId, deleted.organizationId]);
  // This machine's PostgreSQL runs without autovacuum: the planner sees the tables as they are.
  await pool.query('ANALYZE organizations.organizations');
  await pool.query('ANALYZE organizations.follows');
  const statements: Array<{ text: string; values?: unknown[] }> = [];
  const recording = {
    query: (text: string, values?: unknown[]) => {
      statements.push({ text, values });
      return pool.query(text, values);
    },
  } as unknown as pg.Pool;
  const policy = new Visibility(recording, { userId: crowd.userId, apiKeyId: 'test', memberships: { [crowd.organizationId]: ['ADMIN'] } });
  const set = await policy.following(crowd.organizationId);
  expect(set.size).toBe(1000);
  expect(set.has(deleted.organizationId)).toBe(false);
  const followingLookup = statements[0];
  const viaLog = await followsOf(recording, crowd.organizationId);
  expect(viaLog.map((f) => f.followedId).sort()).toEqual([...set].sort());
  const lookups = [followingLookup, statements[statements.length - 1]];
  for (const { text, values } of lookups) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
    const plan = rows[0]['QUERY PLAN'][0].Plan;
    const organizationsRead = (node: { 'Relation Name'?: string; 'Index Name'?: string; Plans?: unknown[] }): string[] => [
      ...(node['Relation Name'] === 'organizations' ? [node['Index Name'] ?? 'the table'] : []),
      ...((node.Plans ?? []) as (typeof node)[]).flatMap(organizationsRead),
    ];
    // The partial index of deleted organizations (migration 20261202001500), not a scan of the 10,000 live ones.
    expect(organizationsRead(plan)).toEqual(['organizations_deleted_idx']);
    expect(plan['Shared Hit Blocks'] + (plan['Shared Read Blocks'] ?? 0)).toBeLessThan(60);
  }
});
