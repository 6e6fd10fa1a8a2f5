/**
 * The alerts data set of `bench:alerts` and `bench:scale` (generated set-based), and the hand-written SQL of an
 * alert page the two measure the service against.
 */
import type pg from 'pg';
import { COMMANDS } from '../cli/commands';
import type { Database } from '../lib/db';

/** The benchmark's user and organization 0: bootstrapped, or on a kept database (BENCH_DATABASE) a new key for them. */
export async function benchAccount(db: Database): Promise<{ organizationId: string; apiKey: string }> {
  const email = 'bench@example.com';
  const { rows } = await db.pool.query<{ organizationId: string }>(
    `SELECT m."organizationId" FROM organizations.users u JOIN organizations.memberships m ON m."userId" = u.id WHERE u.email = $1`,
    [email],
  );
  if (!rows.length)
    return (await COMMANDS.bootstrap.run(db, { email, organization: 'Bench org 0' }, () => undefined)) as { organizationId: string; apiKey: string };
  const issued = (await COMMANDS['issue-key'].run(db, { email, name: 'bench run' }, () => undefined)) as { apiKey: string };
  return { organizationId: rows[0].organizationId, apiKey: issued.apiKey };
}

/** The alerts data set's shape (bench:alerts: 50 organizations, 2,000 scan targets, organization 0 a fifth of the rows). */
export interface AlertsShape {
  organizations: number;
  targets: number;
  /** Organization 0's share of the scan targets, and so of the alerts. */
  bigShare: number;
  /** How many of the others organization 0 follows. */
  followed: number;
  rules: number;
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/**
 * maintenance_work_mem of the index builds after a load: one sort in memory (10 M alerts' widest key sorts in
 * ~700 MB) instead of spilling to disk at the server's 64 MB; the machine has 24 GiB.
 */
export const INDEX_BUILD_MEMORY = '1GB';

/**
 * `load(start, end)` over `from`..`to - 1` in chunks of `size`, two statements at once on two of the pool's
 * connections: one INSERT … SELECT keeps one core busy (generating uuids, building jsonb), and this machine has
 * two. A line per million rows.
 */
export async function inChunks(from: number, to: number, size: number, load: (start: number, end: number) => Promise<void>): Promise<void> {
  let next = from;
  let done = 0;
  let logged = 0;
  const worker = async () => {
    while (next < to) {
      const start = next;
      const end = Math.min(start + size, to);
      next = end;
      await load(start, end);
      done += end - start;
      if (done - logged >= 1_000_000 || from + done === to) {
        logged = done;
        log(`  ${(from + done).toLocaleString('en-US')} / ${to.toLocaleString('en-US')} rows`);
      }
    }
  };
  await Promise.all([worker(), worker()]);
}

/** Organizations, follows, rules and scan targets (set-based); organization 0 (the user's) first, then the others sorted. */
export async function generateOrganizations(db: pg.Pool, userOrgId: string, shape: AlertsShape): Promise<string[]> {
  log('generating organizations, rules and scan targets…');
  const orgIds = [userOrgId];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO organizations.organizations (id, name, "updatedAt")
     SELECT gen_random_uuid(), 'Bench org ' || i, now() FROM generate_series(1, $1::int - 1) i RETURNING id`,
    [shape.organizations],
  );
  orgIds.push(...rows.map((r) => r.id).sort());
  await db.query(`INSERT INTO organizations.follows ("followerId", "followedId", tags) SELECT $1, unnest($2::uuid[]), '{bench}'`, [
    userOrgId,
    orgIds.slice(1, 1 + shape.followed),
  ]);
  await db.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "updatedAt")
     SELECT 'bench-rule-' || i, 'Benchmark rule number ' || i, 'Regra de benchmark número ' || i,
            (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + i % 5], '{CIS-AWS-1.1,ISO-27001}', 30, now()
       FROM generate_series(0, $1::int - 1) i ON CONFLICT DO NOTHING`,
    [shape.rules],
  );
  await db.query(`CREATE TABLE public.bench_targets (n int PRIMARY KEY, id uuid NOT NULL, "organizationId" uuid NOT NULL)`);
  // Scan target t belongs to organization 0 when t < bigShare * targets, else to one of the others.
  await addScanTargets(db, 0, shape.targets, `CASE WHEN t < $2::int THEN ($1::uuid[])[1] ELSE ($1::uuid[])[2 + (t - $2::int) % ($3::int - 1)] END`, [
    orgIds,
    bigTargets(shape),
    shape.organizations,
  ]);
  return orgIds;
}

export const bigTargets = (shape: AlertsShape) => Math.round(shape.targets * shape.bigShare);

/**
 * Scan targets `from`..`to - 1` (numbered in public.bench_targets, which the alert generator joins): `owner` is the
 * SQL of target t's organization over `values` ($1 = `from`, $2 = `to` come first, the values follow from $3).
 */
export async function addScanTargets(db: pg.Pool, from: number, to: number, owner: string, values: unknown[]): Promise<void> {
  const shifted = owner.replace(/\$(\d+)/g, (_, n) => `$${Number(n) + 2}`);
  await db.query(
    `WITH added AS (
       INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, tags, "updatedAt")
       SELECT gen_random_uuid(), ${shifted},
              'target ' || t, (ARRAY['AWS','GCP','AZURE','DOMAIN','GITHUB'])[1 + t % 5], 'bench', '{"frequency":"1d"}',
              CASE WHEN t % 3 = 0 THEN '{prod}'::text[] WHEN t % 3 = 1 THEN '{dev}'::text[] ELSE '{}'::text[] END, now()
         FROM generate_series($1::int, $2::int - 1) t
       RETURNING id, "organizationId", name)
     INSERT INTO public.bench_targets SELECT split_part(name, ' ', 2)::int, id, "organizationId" FROM added`,
    [from, to, ...values],
  );
  await db.query('ANALYZE alerts.scan_targets');
}

/**
 * Alerts `from`..`to - 1` (set-based, 100,000 a statement): alert i goes to one of organization 0's `big` scan
 * targets when i % 5 == 0 (a fifth of the rows), else to one of targets `big`..`targets - 1`. The list indexes are
 * dropped for the load and built again after it (faster than maintaining them row by row).
 */
export async function loadAlerts(db: pg.Pool, from: number, to: number, big: number, targets: number, rules: number): Promise<void> {
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'alerts' AND i.tablename = 'alerts'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.query(`DROP INDEX alerts."${index.name}"`);
  await inChunks(from, to, 100_000, async (start, end) => {
    await db.query(
      `INSERT INTO alerts.alerts (id, "organizationId", "scanTargetId", rule, resource, severity, state, version, tags, labels, compliances,
                                  enrichment, metadata, "timelinessThreshold", "openedAt", "resolvedAt", "createdAt", "updatedAt")
       SELECT gen_random_uuid(), t."organizationId", t.id, 'bench-rule-' || (i * 7 % $3), 'arn:aws:s3:::bucket-' || i,
              (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + (i / 3) % 5],
              s.state, 1 + i % 4, '{env:prod,team:core}', CASE WHEN i % 10 = 0 THEN '{triaged}'::text[] ELSE '{}'::text[] END,
              '{CIS-AWS-2.1,ISO-27001,LGPD}',
              jsonb_build_object('evidence', jsonb_build_object('bucket', 'bucket-' || i, 'policy', 'public-read', 'checkedBy', 'bench-scanner 1.0'),
                                 'remediation', 'Block public access on the bucket and review its bucket policy.'),
              jsonb_build_object('account', lpad((i % 997)::text, 12, '0'), 'region', (ARRAY['us-east-1','sa-east-1','eu-west-1'])[1 + i % 3],
                                 'arn', 'arn:aws:s3:::bucket-' || i),
              30, CASE WHEN i % 9 = 0 THEN NULL ELSE timestamptz '2025-01-01' + (i % 500000) * interval '37 seconds' END,
              CASE WHEN s.state = 'CLOSED' THEN timestamptz '2025-06-01' + (i % 400000) * interval '29 seconds' END,
              timestamptz '2025-01-01' + (i % 600000) * interval '31 seconds', timestamptz '2025-03-01' + (i % 700000) * interval '17 seconds'
         FROM generate_series($1::int, $2::int) i
         CROSS JOIN LATERAL (SELECT (ARRAY['OPEN','OPEN','OPEN','IN_PROGRESS','RISK_ACCEPTED','MITIGATING_CONTROL','FALSE_POSITIVE','CLOSED'])[1 + (i / 7) % 8] AS state) s
         JOIN public.bench_targets t ON t.n = CASE WHEN i % 5 = 0 THEN (i / 5) % $4 ELSE $4 + i % ($5 - $4) END`,
      [start, end - 1, rules, big, targets],
    );
  });
  const client = await db.connect();
  try {
    await client.query(`SET maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
    for (const [i, index] of indexes.entries()) {
      await client.query(index.def);
      log(`  index ${i + 1} / ${indexes.length} ${index.name}`);
    }
  } finally {
    client.release();
  }
  log('analyzing…');
  await db.query('VACUUM ANALYZE alerts.alerts');
}

/** A kept database: organization 0 first, then the others in creation order (the followed ones first). */
export async function existingOrganizations(db: pg.Pool, userOrgId: string, followed: number): Promise<string[]> {
  const { rows } = await db.query<{ followedId: string }>(`SELECT "followedId" FROM organizations.follows WHERE "followerId" = $1 ORDER BY "followedId"`, [
    userOrgId,
  ]);
  const count = followed;
  const ids = rows.map((r) => r.followedId);
  if (ids.length !== count) throw new Error('BENCH_DATABASE holds a different data set');
  return [userOrgId, ...ids];
}

export const FILTER = {
  states: ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE'],
  severities: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'],
};

/** The hand-written SQL of one page: the alert columns, the rule title, the filter, the (order key, id) index order. */
export const ORDER_SQL: Record<string, string> = {
  scanTargetId: `a."scanTargetId"`,
  resource: `a.resource`,
  rule: `a.rule`,
  severity: `(CASE a.severity WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4 WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END)`,
  state: `(CASE a.state WHEN 'OPEN' THEN 1 WHEN 'IN_PROGRESS' THEN 2 WHEN 'RISK_ACCEPTED' THEN 3 WHEN 'MITIGATING_CONTROL' THEN 4 WHEN 'FALSE_POSITIVE' THEN 5 WHEN 'CLOSED' THEN 6 ELSE 0 END)`,
  openedAt: `COALESCE(a."openedAt", 'infinity'::timestamptz)`,
  resolvedAt: `COALESCE(a."resolvedAt", 'infinity'::timestamptz)`,
  createdAt: `a."createdAt"`,
  updatedAt: `a."updatedAt"`,
  followingIds: `a."organizationId"`,
};
export const COLUMNS = `a.id, a."organizationId", a."scanTargetId", a.rule, a.resource, a.severity, a.state, a.version, a.tags, a.labels, a.compliances,
  a.enrichment, a.metadata, a."timelinessThreshold", a."openedAt", a."resolvedAt", a."createdAt", a."updatedAt", r."titleEn" AS "ruleTitle"`;

/** The alerts of deleted scan targets are not listed (the API filters them the same way). */
export const LIVE_TARGETS = `AND a."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = ANY($4::uuid[]) AND dst."deletedAt" IS NOT NULL)`;

/** The filter's rank range bounds the index scan when sorting by state (severity: every rank). */
export const RANK_RANGE: Record<string, string> = { state: `AND ${ORDER_SQL.state} BETWEEN 1 AND 5`, severity: `AND ${ORDER_SQL.severity} BETWEEN 1 AND 5` };

export function handWrittenPage(order: string, organizationIds: string[], page = 100): { text: string; values: unknown[] } {
  const key = ORDER_SQL[order];
  const range = RANK_RANGE[order] ?? '';
  if (organizationIds.length === 1) {
    return {
      text: `SELECT ${COLUMNS} FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
              WHERE a."organizationId" = $1 AND a.state = ANY($2) AND a.severity = ANY($3) ${range} ${LIVE_TARGETS}
              ORDER BY ${key} DESC, a.id DESC LIMIT ${page}`,
      values: [organizationIds[0], FILTER.states, FILTER.severities, organizationIds],
    };
  }
  // Several organizations: the top of each one's index range, merged.
  return {
    text: `SELECT x.* FROM unnest($1::uuid[]) o(id) CROSS JOIN LATERAL (
             SELECT ${COLUMNS}, ${key} AS k FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
              WHERE a."organizationId" = o.id AND a.state = ANY($2) AND a.severity = ANY($3) ${range} ${LIVE_TARGETS}
              ORDER BY ${key} DESC, a.id DESC LIMIT ${page}) x
           ORDER BY x.k DESC, x.id DESC LIMIT ${page}`,
    values: [organizationIds, FILTER.states, FILTER.severities, organizationIds],
  };
}
