import type pg from 'pg';
import { cursorCodec } from '../../../lib/cursors';
import type { AlertOrder } from '../../../lib/vocabulary';
import { listAlerts } from '../../../subgraphs/alerts/alerts/lists';
import { createScanTarget, follow, insertManyAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * What an alert page reads does not grow with the data around it (issue 36 item 1, bench:scale): a followed
 * organizations' page in any order reads a bounded number of alerts however many organizations are followed,
 * and it is exactly the page one sort of all their alerts gives; the deleted-scan-target check reads the deleted
 * targets, not every target of the organization.
 */
let t: TestVigil;
let viewer: Account;
const followed: string[] = [];
/** Followed organizations, each with LIGHT alerts of every severity, two of them with HEAVY more CRITICAL ones. */
const FOLLOWED = 40;
const LIGHT = 120;
const HEAVY = 400;

beforeAll(async () => {
  t = await startTestVigil();
  viewer = await t.bootstrap('vera@viewer.example', 'Viewer Org');
  await insertRules(t.vigil.db);
  const { rows } = await t.vigil.db.pool.query<{ id: string }>(
    `INSERT INTO organizations.organizations (id, name, "updatedAt")
     SELECT gen_random_uuid(), 'Followed ' || i, now() FROM generate_series(1, $1::int) i RETURNING id`,
    [FOLLOWED],
  );
  for (const [n, { id }] of rows.entries()) {
    followed.push(id);
    await follow(t.vigil.db, viewer.organizationId, id);
    const target = await createScanTarget(t.vigil.db, id);
    for (const [i, severity] of ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'].entries())
      await insertManyAlerts(t.vigil.db, { organizationId: id, scanTargetId: target, count: LIGHT / 5, rule: 'fx-root-mfa', severity, prefix: `o${n}-s${i}-` });
    // Skew: most of the first page comes from these two.
    if (n < 2) await insertManyAlerts(t.vigil.db, { organizationId: id, scanTargetId: target, count: HEAVY, rule: 'fx-bucket-public', severity: 'CRITICAL' });
  }
  // A spread of dates and states, so that each order sorts differently.
  await t.vigil.db.pool.query(
    `UPDATE alerts.alerts SET "createdAt" = timestamptz '2025-01-01' + (abs(hashtext(id::text)) % 100000) * interval '1 minute',
            "resolvedAt" = CASE WHEN hashtext(id::text) % 3 = 0 THEN timestamptz '2025-06-01' + (abs(hashtext(id::text || 'r')) % 1000) * interval '1 hour' END,
            state = (ARRAY['OPEN','IN_PROGRESS','RISK_ACCEPTED'])[1 + abs(hashtext(id::text || 's')) % 3]`,
  );
  await t.vigil.db.pool.query('ANALYZE alerts.alerts');
}, 180_000);
afterAll(() => t.close());

/** The same order keys as the lists' (subgraphs/alerts/alerts/sql.ts), written again: one plain sort over every followed alert. */
const KEYS: Partial<Record<AlertOrder, string>> = {
  severity: `CASE severity WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END`,
  state: `CASE state WHEN 'OPEN' THEN 1 WHEN 'IN_PROGRESS' THEN 2 WHEN 'RISK_ACCEPTED' THEN 3 ELSE 9 END`,
  createdAt: `"createdAt"`,
  resolvedAt: `COALESCE("resolvedAt", 'infinity'::timestamptz)`,
  // Hidden from followers: the list is in id order.
  resource: '',
};

async function sortedOnce(order: AlertOrder, sort: 'ASC' | 'DESC'): Promise<string[]> {
  const { rows } = await t.vigil.db.pool.query<{ id: string }>(
    `SELECT id FROM alerts.alerts WHERE "organizationId" = ANY($1::uuid[]) ORDER BY ${KEYS[order] ? `${KEYS[order]} ${sort}, ` : ''}id ${sort}`,
    [followed],
  );
  return rows.map((r) => r.id);
}

describe('a followed organizations alert page', () => {
  it('is the page one sort of every followed alert gives, in every order and both directions, page after page', async () => {
    for (const order of Object.keys(KEYS) as AlertOrder[]) {
      for (const sort of ['DESC', 'ASC'] as const) {
        const expected = (await sortedOnce(order, sort)).slice(0, 600);
        const seen: string[] = [];
        let cursor: string | null = null;
        while (seen.length < expected.length) {
          const res: { status: number; body: { data: Array<{ id: string }>; cursor: string | null } } = await t.rest(
            'POST',
            `/organizations/${viewer.organizationId}/followings/alerts?size=100${cursor ? `&cursor=${cursor}` : ''}`,
            { key: viewer.apiKey, body: { order, sort } },
          );
          expect(res.status).toBe(200);
          seen.push(...res.body.data.map((a) => a.id));
          cursor = res.body.cursor;
        }
        expect({ order, sort, ids: seen.slice(0, expected.length) }).toEqual({ order, sort, ids: expected });
      }
    }
  });

  it(`reads a few alerts of each of ${FOLLOWED} followed organizations, not a page of each`, async () => {
    const reads: Record<string, number> = {};
    for (const order of ['severity', 'createdAt', 'resolvedAt'] as AlertOrder[]) {
      const read = await alertRowsRead(t.vigil.db.pool, followerPage(followed, order));
      reads[order] = read;
    }
    // A page of 101 from each, merged, read FOLLOWED × 101 = 4,040 rows. Now 7 of each (280), then the two skewed
    // organizations again: 101 each by their index, or (the planner's choice at this size) all 520 by a bitmap scan.
    const most = Math.max(...Object.values(reads));
    expect({ reads, under: most < (FOLLOWED * 101) / 2 }).toEqual({ reads, under: true });
  });
});

describe('a page of many followed organizations sorted by severity', () => {
  /** More than lists.ts merges one by one (200): the page walks the severities over all of them. */
  const MANY = 240;
  let many: Account;
  let twice: Account;
  let manyFollowed: string[];
  let twiceFollowed: string[];
  beforeAll(async () => {
    many = await t.bootstrap('mona@many.example', 'Many Org');
    twice = await t.bootstrap('tess@twice.example', 'Twice Org');
    const db = t.vigil.db.pool;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO organizations.organizations (id, name, "updatedAt") SELECT gen_random_uuid(), 'Many ' || i, now() FROM generate_series(1, $1::int) i RETURNING id`,
      [2 * MANY],
    );
    twiceFollowed = rows.map((r) => r.id);
    manyFollowed = twiceFollowed.slice(0, MANY);
    for (const [viewer, ids] of [
      [many, manyFollowed],
      [twice, twiceFollowed],
    ] as const)
      await db.query(`INSERT INTO organizations.follows ("followerId", "followedId", tags) SELECT $1, unnest($2::uuid[]), '{}'`, [viewer.organizationId, ids]);
    await db.query(
      `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, "updatedAt")
       SELECT gen_random_uuid(), o, 'target', 'AWS', 'fixture', '{"frequency":"1d"}', now() FROM unnest($1::uuid[]) o`,
      [twiceFollowed],
    );
    // 100 alerts each, every severity, a third closed; one organization's scan target deleted (its alerts are left out).
    await db.query(
      `INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, tags, labels, compliances, enrichment, metadata, "openedAt")
       SELECT gen_random_uuid(), s."organizationId", s.id, 'fx-root-mfa', 'many-' || i, (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + (i + abs(hashtext(s.id::text))) % 5],
              (ARRAY['OPEN','IN_PROGRESS','CLOSED'])[1 + i % 3], '{}', '{}', '{}', '{}', '{}', now()
         FROM alerts.scan_targets s CROSS JOIN generate_series(1, 100) i WHERE s."organizationId" = ANY($1::uuid[])`,
      [twiceFollowed],
    );
    await db.query(`UPDATE alerts.scan_targets SET "deletedAt" = now() WHERE "organizationId" = $1`, [manyFollowed[0]]);
    await db.query('ANALYZE alerts.alerts');
    await db.query('ANALYZE alerts.scan_targets');
  }, 180_000);

  /** The ids of `many`'s REST following pages of 150 (its open and in-progress alerts, `body`'s order), until `count` are read. */
  const followingPages = async (count: number, body: object): Promise<string[]> => {
    const seen: string[] = [];
    let cursor: string | null = null;
    while (seen.length < count) {
      const res: { status: number; body: { data: Array<{ id: string }>; cursor: string | null } } = await t.rest(
        'POST',
        `/organizations/${many.organizationId}/followings/alerts?size=150${cursor ? `&cursor=${cursor}` : ''}`,
        { key: many.apiKey, body: { states: ['OPEN', 'IN_PROGRESS'], ...body } },
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((a) => a.id));
      cursor = res.body.cursor;
    }
    return seen;
  };

  it('is the page one sort of every followed alert gives, both directions, page after page, and with a severity filter', async () => {
    for (const [sort, severities] of [
      ['DESC', undefined],
      ['ASC', undefined],
      ['DESC', ['LOW', 'HIGH']],
    ] as const) {
      const { rows } = await t.vigil.db.pool.query<{ id: string }>(
        `SELECT a.id FROM alerts.alerts a JOIN alerts.scan_targets s ON s.id = a."scanTargetId" AND s."deletedAt" IS NULL
          WHERE a."organizationId" = ANY($1::uuid[]) AND a.state <> 'CLOSED' AND ($2::text[] IS NULL OR a.severity = ANY($2))
          ORDER BY ${KEYS.severity} ${sort}, a.id ${sort} LIMIT 450`,
        [manyFollowed, severities ?? null],
      );
      const seen = await followingPages(rows.length, { order: 'severity', sort, ...(severities ? { severities } : {}) });
      expect({ sort, severities, ids: seen.slice(0, rows.length) }).toEqual({ sort, severities, ids: rows.map((r) => r.id) });
    }
  });

  it(`starts one scan of the alerts per severity, not one per organization, for ${MANY} and ${2 * MANY} followed organizations`, async () => {
    const scans = async (organizationIds: string[]) => {
      const plan = await explain(t.vigil.db.pool, followerPage(organizationIds, 'severity'));
      return nodes(plan)
        .filter((node) => node['Relation Name'] === 'alerts')
        .reduce((sum, node) => sum + node['Actual Loops'], 0);
    };
    // Merged one organization at a time the page started a scan of each (≥ 240 and ≥ 480); walked severity by
    // severity, one scan per severity read (at most the six ranks), whatever the number of organizations.
    const started = { [MANY]: await scans(manyFollowed), [2 * MANY]: await scans(twiceFollowed) };
    expect(started).toEqual({ [MANY]: expect.any(Number), [2 * MANY]: expect.any(Number) });
    expect({ started, atMostSix: Math.max(...Object.values(started)) <= 6 }).toEqual({ started, atMostSix: true });
  });

  it('reads the walked severity’s alerts only, and no followed alert for the severities none of the five', async () => {
    const reads: Record<string, number> = {};
    for (const [sort, severities] of [
      ['DESC', ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO']],
      ['DESC', undefined],
      ['ASC', undefined],
    ] as const)
      reads[`${sort} ${severities ? 'five' : 'any'}`] = await alertRowsRead(
        t.vigil.db.pool,
        followerPage(manyFollowed, 'severity', sort, severities ? { severities: [...severities] } : {}),
      );
    // A third of the alerts are closed and fewer than half belong to the followed organizations: ~3 alerts of the
    // walked severity read per alert of the page. Over the primary key every severity's alerts were read (~5× that),
    // and in ascending order the step of the other severities (first, and empty) read every followed alert.
    const most = Math.max(...Object.values(reads));
    expect({ reads, under: most < 5 * 101 }).toEqual({ reads, under: true });
  });

  it('checks each alert read for a deleted scan target, not the deleted targets of every listed organization', async () => {
    for (const order of ['severity', 'followingIds'] as AlertOrder[]) {
      const plan = await explain(t.vigil.db.pool, followerPage(manyFollowed, order));
      const targets = nodes(plan).filter((node) => node['Relation Name'] === 'scan_targets');
      // Over the organizations the planner estimated the list id by id and filtered the targets with it (a scan of
      // every target at bench:scale's 1,000 followed); as an anti-join on the alert's own target it places the check.
      const conditions = targets.map((node) => [node['Index Cond'], node.Filter].filter(Boolean).join(' AND '));
      expect({ order, byOrganizations: conditions.filter((c) => c.includes('organizationId')).length }).toEqual({ order, byOrganizations: 0 });
    }
    // And the list still leaves out the alerts of the deleted target, in organization order too.
    const { rows } = await t.vigil.db.pool.query<{ id: string }>(
      `SELECT a.id FROM alerts.alerts a JOIN alerts.scan_targets s ON s.id = a."scanTargetId" AND s."deletedAt" IS NULL
        WHERE a."organizationId" = ANY($1::uuid[]) AND a.state <> 'CLOSED' ORDER BY a."organizationId", a.id LIMIT 300`,
      [manyFollowed],
    );
    const seen = await followingPages(rows.length, { order: 'followingIds', sort: 'ASC' });
    expect(seen.slice(0, rows.length)).toEqual(rows.map((r) => r.id));
  });
});

describe('the deleted scan targets check', () => {
  it('reads the deleted targets only, not every target of the organization', async () => {
    await t.vigil.db.pool.query(
      `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, "updatedAt")
       SELECT gen_random_uuid(), $1, 'target ' || i, 'AWS', 'fixture', '{"frequency":"1d"}', now() FROM generate_series(1, 3000) i`,
      [viewer.organizationId],
    );
    const own = await createScanTarget(t.vigil.db, viewer.organizationId);
    await insertManyAlerts(t.vigil.db, { organizationId: viewer.organizationId, scanTargetId: own, count: 200, rule: 'fx-root-mfa' });
    await t.vigil.db.pool.query('ANALYZE alerts.scan_targets');
    await t.vigil.db.pool.query('ANALYZE alerts.alerts');
    const plan = await explain(t.vigil.db.pool, {
      organizationIds: [viewer.organizationId],
      view: 'member',
      filter: {},
      order: 'createdAt',
      sort: 'DESC',
      size: 100,
    });
    const targets = nodes(plan).filter((node) => node['Relation Name'] === 'scan_targets');
    expect(targets.map((node) => node['Actual Loops'])).toEqual([1]);
    // 3,000 targets fill ~60 pages: one buffer or two for the index of the (no) deleted ones.
    expect(Math.max(...targets.map((node) => node['Shared Hit Blocks'] + node['Shared Read Blocks']))).toBeLessThanOrEqual(3);
  });
});

type ListInput = Pick<Parameters<typeof listAlerts>[1], 'organizationIds' | 'view' | 'filter' | 'order' | 'sort' | 'size'>;

/** A follower's page of 100 of `organizationIds`' active alerts (and `filter`), as the following lists read it. */
const followerPage = (organizationIds: string[], order: AlertOrder, sort: 'ASC' | 'DESC' = 'DESC', filter: ListInput['filter'] = {}): ListInput => ({
  organizationIds,
  view: 'follower',
  filter: { states: ['ACTIVE'], ...filter },
  order,
  sort,
  size: 100,
});
interface PlanNode {
  'Relation Name'?: string;
  'Index Cond'?: string;
  Filter?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Shared Hit Blocks': number;
  'Shared Read Blocks': number;
  Plans?: PlanNode[];
}

/** EXPLAIN (ANALYZE, BUFFERS) of the statement listAlerts runs for `input` (its REST page: the records' cells read as text). */
async function explain(pool: pg.Pool, input: ListInput): Promise<PlanNode> {
  let statement: { text: string; values: unknown[] } | null = null;
  const capture = {
    query: async (config: pg.QueryConfig) => {
      statement = { text: config.text, values: config.values ?? [] };
      return pool.query(config);
    },
  } as unknown as pg.Pool;
  await listAlerts(capture, { ...input, json: true, cursors: cursorCodec('s'.repeat(32), ['cost']), lang: 'en_US' });
  const { text, values } = statement as unknown as { text: string; values: unknown[] };
  const { rows } = await pool.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${text}`, values);
  return rows[0]['QUERY PLAN'][0].Plan;
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The alert rows the page's statement read from alerts.alerts, kept or filtered out (every scan of it, every loop). */
async function alertRowsRead(pool: pg.Pool, input: ListInput): Promise<number> {
  const plan = await explain(pool, input);
  return nodes(plan)
    .filter((node) => node['Relation Name'] === 'alerts')
    .reduce((sum, node) => sum + (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0)) * node['Actual Loops'], 0);
}
