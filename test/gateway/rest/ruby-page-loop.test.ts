import { createScanTarget, FIXTURE_RULES, follow, insertAlerts, insertManyAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * Issue #12 / rest-contract §9c: the Ruby SDK 1.0.1 pages its legacy lists with
 *
 *   loop do
 *     body['page'] += 1
 *     data = @http.request('POST', '/alerts', body.compact)
 *     data['data'].each { |e| yielder.yield e }
 *     break if body['page'] == (data['total'] / body['pageSize']).ceil
 *   end
 *
 * (Integer / Integer, so `.ceil` changes nothing). Its loops must end on the last page with every item
 * read; other clients keep seeing the true total.
 */
const RUBY = { 'user-agent': 'Zanshin Ruby SDK 1.0.1' };
const MAX_REQUESTS = 50; // a loop that has not ended by then never would

let t: TestVigil;
let admin: Account;
let follower: Account;
const targets: Record<number, string> = {};
let rulesTarget: string;

/** The SDK's loop, ported as it is (Ruby's Integer division is Math.trunc for these non-negative values). */
async function rubyLoop(
  path: string,
  fields: Record<string, unknown>,
  pageSize = 100,
  key = admin.apiKey,
): Promise<{ items: Array<{ id?: string; rule?: string }>; requests: number }> {
  const body: Record<string, unknown> = { page: 0, pageSize, ...fields };
  const items: Array<{ id?: string; rule?: string }> = [];
  for (let requests = 1; requests <= MAX_REQUESTS; requests++) {
    body.page = (body.page as number) + 1;
    const res = await t.rest('POST', path, { key, body, headers: RUBY });
    expect(res.status).toBe(200);
    items.push(...res.body.data);
    if (body.page === Math.trunc(res.body.total / (body.pageSize as number))) return { items, requests };
  }
  throw new Error(`the Ruby page loop over ${path} did not end after ${MAX_REQUESTS} requests`);
}

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@ruby.example', 'Ruby Corp');
  follower = await t.bootstrap('admin@ruby-follower.example', 'Ruby Follower');
  await follow(t.vigil.db, follower.organizationId, admin.organizationId);
  await insertRules(t.vigil.db);
  for (const count of [0, 34, 100, 150]) {
    targets[count] = await createScanTarget(t.vigil.db, admin.organizationId, { name: `with ${count}` });
    if (count)
      await insertManyAlerts(t.vigil.db, {
        organizationId: admin.organizationId,
        scanTargetId: targets[count],
        count,
        rule: 'fx-bucket-public',
        prefix: `t${count}-`,
      });
  }
  rulesTarget = await createScanTarget(t.vigil.db, admin.organizationId, { name: 'five rules' });
  await insertAlerts(
    t.vigil.db,
    FIXTURE_RULES.map((r) => ({ organizationId: admin.organizationId, scanTargetId: rulesTarget, rule: r.id, resource: `r-${r.id}`, severity: r.severity })),
  );
}, 120_000);
afterAll(() => t.close());

describe("the Ruby SDK 1.0.1's legacy page loops end with every item read", () => {
  it.each([0, 34, 100, 150])('POST /alerts with %i alerts', async (count) => {
    const { items, requests } = await rubyLoop('/alerts', { organizationId: admin.organizationId, scanTargetIds: [targets[count]], rule: 'fx-bucket-public' });
    expect(items).toHaveLength(count);
    expect(new Set(items.map((a) => a.id)).size).toBe(count);
    expect(requests).toBe(Math.max(1, Math.ceil(count / 100)));
  });

  it('POST /alerts/following (the follower reads all 285 of the rule)', async () => {
    const { items } = await rubyLoop(
      '/alerts/following',
      { organizationId: follower.organizationId, followingIds: [admin.organizationId], rule: 'fx-bucket-public', scanTargetIds: [] },
      100,
      follower.apiKey,
    );
    expect(items).toHaveLength(34 + 100 + 150 + 1); // + the rule's alert of the five-rules target
    expect(new Set(items.map((a) => a.id)).size).toBe(285);
  });

  it('POST /alerts/rules and /alerts/rules/following with a page size the group count does not divide, and with nothing matching', async () => {
    const grouped = await rubyLoop('/alerts/rules', { organizationId: admin.organizationId, scanTargetIds: [rulesTarget] }, 2);
    expect(grouped.items.map((g) => g.rule).sort()).toEqual(FIXTURE_RULES.map((r) => r.id).sort());
    expect(grouped.requests).toBe(3);
    const none = await rubyLoop('/alerts/rules', { organizationId: admin.organizationId, scanTargetIds: [targets[0]] });
    expect(none).toEqual({ items: [], requests: 1 });
    const followed = await rubyLoop(
      '/alerts/rules/following',
      { organizationId: follower.organizationId, followingIds: [admin.organizationId] },
      2,
      follower.apiKey,
    );
    expect(followed.items.map((g) => g.rule).sort()).toEqual(FIXTURE_RULES.map((r) => r.id).sort());
  });

  it('other clients still see the true total', async () => {
    for (const headers of [{ 'user-agent': 'python-requests/2.31 Zanshin Python SDK v2.2.0' }, {}] as Record<string, string>[]) {
      const res = await t.rest('POST', '/alerts', {
        key: admin.apiKey,
        body: { organizationId: admin.organizationId, page: 1, pageSize: 100, scanTargetIds: [targets[34]] },
        headers,
      });
      expect(res.body.total).toBe(34);
      expect(res.body.data).toHaveLength(34);
      const empty = await t.rest('POST', '/alerts/rules', {
        key: admin.apiKey,
        body: { organizationId: admin.organizationId, page: 1, pageSize: 100, scanTargetIds: [targets[0]] },
        headers,
      });
      expect(empty.body).toEqual({ data: [], total: 0 });
    }
  });
});
