import type { Account, TestVigil } from './vigil';

/** What the posture tests ingest: a rule's finding on a resource, its severity and compliances the rule's unless given. */
export interface Finding {
  rule: string;
  resource: string;
  severity?: string;
  compliances?: string[];
}

/** A scan target of the account's organization, created through REST: its id. */
export async function createScanTarget(t: TestVigil, account: Account, name: string): Promise<string> {
  const res = await t.rest('POST', `/organizations/${account.organizationId}/scantargets`, {
    key: account.apiKey,
    body: { name, kind: 'AWS', credential: { account: '123456789012' } },
  });
  expect(res.status).toBe(200);
  return res.body.id;
}

/** One scan of the target through the ingestion route: the findings found, every other alert of the target closed. */
export async function ingestFindings(t: TestVigil, account: Account, target: string, findings: Finding[]): Promise<void> {
  const res = await t.rest('POST', `/organizations/${account.organizationId}/scantargets/${target}/findings`, {
    key: account.apiKey,
    body: { format: 'vigil', findings },
  });
  expect(res.status).toBe(200);
}

/** Rules written straight to the table (the ingestion route takes known rules only): id, severity, compliances, threshold in days. */
export async function insertRules(
  t: TestVigil,
  rules: Array<[id: string, severity: string, compliances: string[], thresholdDays: number | null]>,
): Promise<void> {
  await t.vigil.db.pool.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "createdAt", "updatedAt")
     SELECT r.id, r.id, r.id, r.severity, ARRAY(SELECT jsonb_array_elements_text(r.compliances)), r.threshold, now(), now()
       FROM jsonb_to_recordset($1::jsonb) AS r(id text, severity text, compliances jsonb, threshold float8)`,
    [JSON.stringify(rules.map(([id, severity, compliances, threshold]) => ({ id, severity, compliances, threshold })))],
  );
}
