import { MAX_PAGE_SIZE } from '../../../lib/vocabulary';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

// A REST list that answers a bare array (rest-contract §2: one request, no paging) reads a public
// connection page after page (gateway/rest/table.ts, RestRoute.whole). A list longer than the largest
// page must still come back whole, once each, in the connection's order.

let t: TestVigil;
let admin: Account;

/** More than two of the largest pages, so the REST route reads three. */
const TARGETS = 2 * MAX_PAGE_SIZE + 7;

beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('admin@whole.example', 'Whole Lists Inc');
  // Ten creation instants for all of them: pages break inside runs of equal createdAt, ordered by id.
  await t.vigil.db.pool.query(
    `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, "createdAt")
     SELECT gen_random_uuid(), $1::uuid, 'target ' || n, 'AWS', 'x', '{"frequency":"1d"}', now() - (n % 10) * interval '1 minute'
       FROM generate_series(1, $2::int) AS n`,
    [admin.organizationId, TARGETS],
  );
});
afterAll(() => t.close());

describe('a REST list answered as a bare array', () => {
  it('holds every entry, once, in creation order, when it is longer than the largest page of its connection', async () => {
    const res = await t.rest('GET', `/organizations/${admin.organizationId}/scantargets`, { key: admin.apiKey });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const { rows } = await t.vigil.db.pool.query<{ id: string }>(
      `SELECT id FROM alerts.scan_targets WHERE "organizationId" = $1 AND "deletedAt" IS NULL ORDER BY "createdAt", id`,
      [admin.organizationId],
    );
    expect(rows).toHaveLength(TARGETS);
    expect((res.body as Array<{ id: string }>).map((target) => target.id)).toEqual(rows.map((row) => row.id));
  });
});
