import { alertRecordCellsSql, alertRecordJson } from '../../../subgraphs/alerts/alert-record';
import { createScanTarget, follow, insertAlerts, insertRules } from '../../support/alert-fixtures';
import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

/**
 * The REST alert pages' records are written in Node from the database's text of each column
 * (subgraphs/alerts/alert-record.ts): byte for byte what PostgreSQL's row_to_json writes for the same
 * record, whatever the values hold — here against row_to_json itself, for a member and a follower, in both
 * languages, on values chosen to differ if any escape, number or date were written another way.
 */
const TEXTS = ['quote " and \\ backslash', 'controls \u0001\u0008\u000c\n\r\t\u001f', 'ação 🛡️ \u2028\u2029 \u007f', '', 'null', '[censored]'];
const THRESHOLDS = ['1e-07', '12345.125', '0.1', '0', '2.5e-05', null];

let t: TestVigil;
let member: Account;
let follower: Account;
beforeAll(async () => {
  t = await startTestVigil();
  member = await t.bootstrap('records@example.com', 'Records');
  follower = await t.bootstrap('records-follower@example.com', 'Records follower');
  await follow(t.vigil.db, follower.organizationId, member.organizationId);
  await insertRules(t.vigil.db, [
    { id: 'rec-rule-quoted', titleEn: 'Title "quoted" \\ \u0002', titlePt: 'Título ção\n', severity: 'HIGH' },
    { id: 'rec-rule-plain', titleEn: 'Plain', titlePt: 'Simples', severity: 'LOW' },
  ]);
  const target = await createScanTarget(t.vigil.db, member.organizationId);
  const ids = await insertAlerts(
    t.vigil.db,
    TEXTS.map((text, i) => ({
      organizationId: member.organizationId,
      scanTargetId: target,
      // one alert's rule has no row in alerts.rules: its title is null
      rule: ['rec-rule-quoted', 'rec-rule-plain', 'rec-rule-missing'][i % 3],
      resource: `resource ${text}`,
      tags: i % 2 ? [text, 'b,c', '"q"', 'NULL'] : [],
      labels: [`label ${text}`],
      metadata: { [text]: text, n: `${i}` },
      enrichment: { text, nested: [text, { deeper: i, big: 1e21, small: 1.5e-10, t: true, f: null }] },
      openedAt: i === 2 ? null : new Date(Date.UTC(2026, 10, 20 + i, 10, 11, 12, 345)),
    })),
  );
  // What a fixture cannot write: odd thresholds, NULL arrays, timestamps with microseconds (the API writes milliseconds, truncated).
  for (const [i, id] of ids.entries()) {
    await t.vigil.db.pool.query(
      `UPDATE alerts.alerts SET "timelinessThreshold" = $2::float8, labels = CASE WHEN $3 THEN NULL ELSE labels END, compliances = $4,
              "resolvedAt" = CASE WHEN $3 THEN '2026-11-21 23:59:59.999999+00'::timestamptz END, "updatedAt" = '2026-11-22 00:00:00.0005+00'::timestamptz
        WHERE id = $1`,
      [id, THRESHOLDS[i % THRESHOLDS.length], i % 2 === 0, i % 3 ? ['CIS', 'LGPD "x"'] : []],
    );
  }
});
afterAll(() => t.close());

/** The record as row_to_json writes it: the statement REST pages ran until the records were written in Node. */
async function rowToJson(id: string, lang: 'en-US' | 'pt-BR', view: 'member' | 'follower'): Promise<string> {
  const hidden = view === 'follower';
  const iso = (column: string) => `to_char(a.${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const { rows } = await t.vigil.db.pool.query<{ record: string }>(
    `SELECT (SELECT row_to_json(rec) FROM (SELECT a.id AS "id", a."organizationId" AS "organizationId", a."scanTargetId" AS "scanTargetId",
              a.rule AS "rule", r.${lang === 'pt-BR' ? '"titlePt"' : '"titleEn"'} AS "ruleTitle",
              ${hidden ? `'[censored]'` : 'a.resource'} AS "resource", a.severity AS "severity", a.state AS "state", a.version AS "version",
              COALESCE(a.tags, '{}') AS "tags", COALESCE(a.labels, '{}') AS "labels", COALESCE(a.compliances, '{}') AS "compliances",
              ${hidden ? `'{}'::jsonb` : 'a.enrichment'} AS "enrichment", ${hidden ? `'{}'::jsonb` : 'a.metadata'} AS "metadata",
              ${iso('"openedAt"')} AS "openedAt", ${iso('"resolvedAt"')} AS "resolvedAt", ${iso('"createdAt"')} AS "createdAt",
              ${iso('"updatedAt"')} AS "updatedAt", a."timelinessThreshold" AS "timelinessThreshold") rec)::text AS record
       FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule WHERE a.id = $1`,
    [id],
  );
  return rows[0].record;
}

/** The page's raw text and its records' texts, split where the page's JSON array holds them. */
async function pageText(path: string, key: string, lang: string): Promise<{ text: string; ids: string[] }> {
  const response = await fetch(`${t.url}${path}?size=100`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ order: 'createdAt', sort: 'ASC', lang }),
  });
  const text = await response.text();
  expect(response.status).toBe(200);
  return { text, ids: (JSON.parse(text) as { data: Array<{ id: string }> }).data.map((alert) => alert.id) };
}

it.each([
  ['member', 'en-US'],
  ['member', 'pt-BR'],
  ['follower', 'en-US'],
  ['follower', 'pt-BR'],
] as const)('a %s page in %s holds exactly the records row_to_json writes', async (view, lang) => {
  const { text, ids } =
    view === 'member'
      ? await pageText(`/organizations/${member.organizationId}/alerts`, member.apiKey, lang)
      : await pageText(`/organizations/${follower.organizationId}/followings/alerts`, follower.apiKey, lang);
  expect(ids).toHaveLength(TEXTS.length);
  const records = await Promise.all(ids.map((id) => rowToJson(id, lang, view)));
  expect(text).toBe(`{"data":[${records.join(',')}],"cursor":null}`);
});

it('writes a threshold that is not a JSON number (NaN, ±Infinity: the posture triggers refuse them, a record must still parse) as row_to_json does', async () => {
  for (const threshold of ['NaN', 'Infinity', '-Infinity', '1e+300', '-0']) {
    const { rows } = await t.vigil.db.pool.query<Array<string | null>>({
      text: `SELECT row_to_json(a)::text, ${alertRecordCellsSql('a', 'a."ruleTitle"', 'member')}
               FROM (SELECT gen_random_uuid() AS "id", gen_random_uuid() AS "organizationId", NULL::uuid AS "scanTargetId", 'r' AS "rule",
                            NULL::text AS "ruleTitle", 'x' AS "resource", 'LOW' AS "severity", 'OPEN' AS "state", 1 AS "version",
                            '{}'::text[] AS "tags", '{a}'::text[] AS "labels", '{}'::text[] AS "compliances", '{}'::jsonb AS "enrichment",
                            '[]'::jsonb AS "metadata", NULL::timestamptz AS "openedAt", NULL::timestamptz AS "resolvedAt", NULL::timestamptz AS "createdAt",
                            NULL::timestamptz AS "updatedAt", $1::float8 AS "timelinessThreshold") a`,
      values: [threshold],
      rowMode: 'array',
      types: { getTypeParser: () => (text: string) => text },
    });
    const [expected] = rows[0];
    expect([threshold, alertRecordJson(rows[0], 1)]).toEqual([threshold, expected]);
  }
});
