import { type Account, startTestVigil, type TestVigil } from '../../support/vigil';

// Findings reach PostgreSQL as hand-built COPY text: every character must come back unchanged.
const TRICKY = [
  'tab\there',
  'new\nline',
  'carriage\rreturn',
  'back\\slash \\N \\t',
  'quote " and \'',
  'ctrl \u0001\u001f',
  'ação ünïcødé',
  'emoji 🛡️🔥',
  '{braces,"commas"}',
  'NULL',
  '',
];

let t: TestVigil;
let admin: Account;
let targetId: string;
beforeAll(async () => {
  t = await startTestVigil();
  admin = await t.bootstrap('escape@example.com', 'Escape Org');
  const created = await t.rest('POST', `/organizations/${admin.organizationId}/scantargets`, {
    key: admin.apiKey,
    body: { name: 'escapes', kind: 'DOMAIN', credential: { domain: 'example.com' } },
  });
  targetId = created.body.id;
});
afterAll(() => t.close());

it('keeps tabs, newlines, backslashes, quotes, control characters and non-ASCII intact in every column, and a rescan of the same findings changes nothing', async () => {
  const findings = TRICKY.map((text, i) => ({
    rule: `escape-rule-${i}`,
    resource: `resource ${i}: ${text} (end)`,
    metadata: { note: text, [`key ${text}`]: 'v' },
    enrichment: { text, nested: [text, { deeper: text }] },
    tags: [`tag ${text}`.trim()].filter((tag) => tag !== 'tag'),
  }));
  const ingest = () =>
    t.rest('POST', `/organizations/${admin.organizationId}/scantargets/${targetId}/findings`, { key: admin.apiKey, body: { format: 'vigil', findings } });
  const first = await ingest();
  expect(first.status).toBe(200);
  expect(first.body.summary).toMatchObject({ created: findings.length });

  const { rows } = await t.vigil.db.pool.query(`SELECT rule, resource, metadata, enrichment, tags FROM alerts.alerts WHERE "scanTargetId" = $1 ORDER BY rule`, [
    targetId,
  ]);
  const expected = findings
    .map((f) => ({ rule: f.rule, resource: f.resource, metadata: f.metadata, enrichment: f.enrichment, tags: [...f.tags].sort() }))
    .sort((a, b) => (a.rule < b.rule ? -1 : 1));
  expect(rows).toEqual(expected);

  const second = await ingest();
  expect(second.body.summary).toMatchObject({ created: 0, updated: 0, closed: 0, reopened: 0, unchanged: findings.length });
});
