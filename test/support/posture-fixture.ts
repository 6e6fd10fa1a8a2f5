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

/** The severities the posture tests' random rounds give their findings. */
export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'] as const;

/** A seeded generator (mulberry32) and a pick over it: a test's random rounds are the same on every run. */
export interface Random {
  next(): number;
  pick<T>(values: readonly T[]): T;
}

export function seededRandom(seed: number): Random {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: (values) => values[Math.floor(next() * values.length)] };
}

/**
 * What a random rescan may find: resources r-0 … r-(resources - 1), the i-th by rules[i % rules.length], each
 * with compliances picked from `compliances` (undefined: the rule's, so a rescan changes an alert's set).
 */
export interface RescanShape {
  resources: number;
  rules: readonly string[];
  compliances: ReadonlyArray<string[] | undefined>;
}

/** A rescan of a target: a random half of the resources found (the rest closed), each with a random severity and compliances. */
export async function rescanAtRandom(t: TestVigil, account: Account, target: string, random: Random, shape: RescanShape): Promise<void> {
  const findings: Finding[] = [];
  for (let i = 0; i < shape.resources; i++) {
    if (random.next() < 0.5)
      findings.push({
        rule: shape.rules[i % shape.rules.length],
        resource: `r-${i}`,
        severity: random.pick(SEVERITIES),
        compliances: random.pick(shape.compliances),
      });
  }
  await ingestFindings(t, account, target, findings);
}

/** The account's organization's alerts in id order, for a random round to pick from. */
export async function alertsOf(t: TestVigil, account: Account): Promise<Array<{ id: string; scanTargetId: string }>> {
  return (
    await t.vigil.db.pool.query<{ id: string; scanTargetId: string }>(`SELECT id, "scanTargetId" FROM alerts.alerts WHERE "organizationId" = $1 ORDER BY id`, [
      account.organizationId,
    ])
  ).rows;
}

/** Hand state changes of a few random alerts through REST: between open states, and out of CLOSED (an opening). */
export async function changeStatesAtRandom(t: TestVigil, account: Account, random: Random): Promise<void> {
  const all = await alertsOf(t, account);
  for (let i = 0; i < 3 && all.length; i++) {
    const alert = random.pick(all);
    const state = random.pick(['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'FALSE_POSITIVE']);
    const res = await t.rest('PUT', `/organizations/${account.organizationId}/scantargets/${alert.scanTargetId}/alerts/${alert.id}`, {
      key: account.apiKey,
      body: { state },
    });
    expect(res.status).toBe(200);
  }
}
