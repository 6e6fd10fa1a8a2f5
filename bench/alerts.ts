/**
 * `npm run bench:alerts`: the alert list on 1,000,000 alerts (50 organizations, 2,000 scan targets).
 *
 * 1. A fresh PostgreSQL database (DATABASE_URL or TEST_DATABASE_URL, default
 *    postgresql://root@127.0.0.1:5432/postgres), the service started in-process on it, and the data
 *    generated set-based (INSERT … SELECT generate_series). Organization 0, the one the timed
 *    requests read, holds 200,000 alerts (page 1,000 of 100 needs 100,000 matching rows); the other
 *    49 share the rest. Organization 0 follows 10 others.
 * 2. For every `order`: a filtered, sorted page of 100 (the CLI's default filter: every state but
 *    CLOSED, every severity) through the REST route vs the same page (same rows and columns, the
 *    rule title joined) by hand-written SQL on a client of its own. Medians of repeated runs.
 * 3. Page 1 vs page 1,000 of the same list (cursors followed to page 1,000).
 * The service runs as deployed: NODE_ENV=production (graphql-js then skips its development-only
 * checks), unless NODE_ENV is set. BENCH_DATABASE=<name> keeps (and reuses) the generated database.
 * 4. SQL statements a GraphQL page of 100 and of 1,000 alerts with `organization { name }` and
 *    `scanTarget { name kind }` issues, counted by wrapping pg's Client.prototype.query, which every
 *    statement of the process goes through (pool.query, Prisma's adapter, the API-key lookup).
 */
import '../lib/production-mode';
import pg from 'pg';
import { Pool } from 'undici';
import { COMMANDS } from '../cli/commands';
import type { Database } from '../lib/db';
import { setLogLevel } from '../lib/log';
import { startBenchVigil } from './bench-vigil';
import { sayLoadAverage } from './load-average';

const ALERTS = 1_000_000;
const ORGANIZATIONS = 50;
const TARGETS = 2_000;
const BIG_ORG_SHARE = 0.2;
const FOLLOWED = 10;
const RULES = 60;
const PAGE = 100;
const REPEAT = 61;
const WARMUP = 5;

const log = (line: string) => process.stderr.write(`${line}\n`);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function medianOf(fn: () => Promise<unknown>, repeat = REPEAT): Promise<number> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < repeat; i++) times.push(await time(fn));
  return median(times);
}

/** Medians of `a` and `b` run one after the other, REPEAT times (after WARMUP rounds). */
async function mediansOfPairs(a: () => Promise<unknown>, b: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < WARMUP; i++) {
    await a();
    await b();
  }
  const as: number[] = [];
  const bs: number[] = [];
  for (let i = 0; i < REPEAT; i++) {
    as.push(await time(a));
    bs.push(await time(b));
  }
  return [median(as), median(bs)];
}

/** The benchmark's user and organization 0: bootstrapped, or on a kept database (BENCH_DATABASE) a new key for them. */
async function benchAccount(db: Database): Promise<{ organizationId: string; apiKey: string }> {
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

/** Generates the data set with set-based statements; organization 0 gets BIG_ORG_SHARE of the alerts. */
async function generate(db: pg.Pool, userOrgId: string): Promise<string[]> {
  log('generating organizations, rules and scan targets…');
  const orgIds = [userOrgId];
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO organizations.organizations (id, name, "updatedAt")
     SELECT gen_random_uuid(), 'Bench org ' || i, now() FROM generate_series(1, $1::int - 1) i RETURNING id`,
    [ORGANIZATIONS],
  );
  orgIds.push(...rows.map((r) => r.id).sort());
  await db.query(`INSERT INTO organizations.follows ("followerId", "followedId", tags) SELECT $1, unnest($2::uuid[]), '{bench}'`, [
    userOrgId,
    orgIds.slice(1, 1 + FOLLOWED),
  ]);
  await db.query(
    `INSERT INTO alerts.rules (id, "titleEn", "titlePt", severity, compliances, "timelinessThreshold", "updatedAt")
     SELECT 'bench-rule-' || i, 'Benchmark rule number ' || i, 'Regra de benchmark número ' || i,
            (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO'])[1 + i % 5], '{CIS-AWS-1.1,ISO-27001}', 30, now()
       FROM generate_series(0, $1::int - 1) i ON CONFLICT DO NOTHING`,
    [RULES],
  );
  // Scan target t belongs to organization 0 when t < BIG_ORG_SHARE * TARGETS, else to one of the others.
  const bigTargets = Math.round(TARGETS * BIG_ORG_SHARE);
  await db.query(
    `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule, tags, "updatedAt")
     SELECT gen_random_uuid(),
            CASE WHEN t < $3 THEN ($1::uuid[])[1] ELSE ($1::uuid[])[2 + (t - $3) % ($4::int - 1)] END,
            'target ' || t, (ARRAY['AWS','GCP','AZURE','DOMAIN','GITHUB'])[1 + t % 5], 'bench', '{"frequency":"1d"}',
            CASE WHEN t % 3 = 0 THEN '{prod}'::text[] WHEN t % 3 = 1 THEN '{dev}'::text[] ELSE '{}'::text[] END, now()
       FROM generate_series(0, $2::int - 1) t`,
    [orgIds, TARGETS, bigTargets, ORGANIZATIONS],
  );
  await db.query(`CREATE TABLE public.bench_targets AS SELECT split_part(name, ' ', 2)::int AS n, id, "organizationId" FROM alerts.scan_targets`);
  await db.query(`ALTER TABLE public.bench_targets ADD PRIMARY KEY (n)`);
  // Loading is faster without the secondary indexes: they are dropped and built again afterwards.
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'alerts' AND i.tablename = 'alerts'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.query(`DROP INDEX alerts."${index.name}"`);
  const chunk = 100_000;
  for (let start = 0; start < ALERTS; start += chunk) {
    // Alert i: organization 0's targets get BIG_ORG_SHARE of the rows (i % 5 == 0), the others the rest.
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
      [start, Math.min(start + chunk, ALERTS) - 1, RULES, bigTargets, TARGETS],
    );
    log(`  alerts ${Math.min(start + chunk, ALERTS).toLocaleString('en-US')} / ${ALERTS.toLocaleString('en-US')}`);
  }
  const client = await db.connect();
  try {
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const [i, index] of indexes.entries()) {
      await client.query(index.def);
      log(`  index ${i + 1} / ${indexes.length} ${index.name}`);
    }
  } finally {
    client.release();
  }
  log('analyzing…');
  await db.query('VACUUM ANALYZE alerts.alerts');
  await db.query('ANALYZE alerts.scan_targets');
  return orgIds;
}

/** A kept database: organization 0 first, then the others in creation order (the followed ones first). */
async function existingOrganizations(db: pg.Pool, userOrgId: string): Promise<string[]> {
  const { rows } = await db.query<{ followedId: string }>(`SELECT "followedId" FROM organizations.follows WHERE "followerId" = $1 ORDER BY "followedId"`, [
    userOrgId,
  ]);
  const followed = rows.map((r) => r.followedId);
  if (followed.length !== FOLLOWED) throw new Error('BENCH_DATABASE holds a different data set');
  return [userOrgId, ...followed];
}

const FILTER = {
  states: ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE'],
  severities: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'],
};

/** The hand-written SQL of one page: the alert columns, the rule title, the filter, the (order key, id) index order. */
const ORDER_SQL: Record<string, string> = {
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
const COLUMNS = `a.id, a."organizationId", a."scanTargetId", a.rule, a.resource, a.severity, a.state, a.version, a.tags, a.labels, a.compliances,
  a.enrichment, a.metadata, a."timelinessThreshold", a."openedAt", a."resolvedAt", a."createdAt", a."updatedAt", r."titleEn" AS "ruleTitle"`;

/** The alerts of deleted scan targets are not listed (the API filters them the same way). */
const LIVE_TARGETS = `AND a."scanTargetId" NOT IN (SELECT dst.id FROM alerts.scan_targets dst WHERE dst."organizationId" = ANY($4::uuid[]) AND dst."deletedAt" IS NOT NULL)`;

/** The filter's rank range bounds the index scan when sorting by state (severity: every rank). */
const RANK_RANGE: Record<string, string> = { state: `AND ${ORDER_SQL.state} BETWEEN 1 AND 5`, severity: `AND ${ORDER_SQL.severity} BETWEEN 1 AND 5` };

function handWrittenPage(order: string, organizationIds: string[]): { text: string; values: unknown[] } {
  const key = ORDER_SQL[order];
  const range = RANK_RANGE[order] ?? '';
  if (organizationIds.length === 1) {
    return {
      text: `SELECT ${COLUMNS} FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
              WHERE a."organizationId" = $1 AND a.state = ANY($2) AND a.severity = ANY($3) ${range} ${LIVE_TARGETS}
              ORDER BY ${key} DESC, a.id DESC LIMIT ${PAGE}`,
      values: [organizationIds[0], FILTER.states, FILTER.severities, organizationIds],
    };
  }
  // Several organizations: the top of each one's index range, merged.
  return {
    text: `SELECT x.* FROM unnest($1::uuid[]) o(id) CROSS JOIN LATERAL (
             SELECT ${COLUMNS}, ${key} AS k FROM alerts.alerts a LEFT JOIN alerts.rules r ON r.id = a.rule
              WHERE a."organizationId" = o.id AND a.state = ANY($2) AND a.severity = ANY($3) ${range} ${LIVE_TARGETS}
              ORDER BY ${key} DESC, a.id DESC LIMIT ${PAGE}) x
           ORDER BY x.k DESC, x.id DESC LIMIT ${PAGE}`,
    values: [organizationIds, FILTER.states, FILTER.severities, organizationIds],
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  setLogLevel('warn');
  const bench = await startBenchVigil('vigil_bench');
  const { vigil } = bench;
  const sql = new pg.Client({ connectionString: bench.url });
  try {
    await sql.connect();
    const account = await benchAccount(vigil.db);
    const generated = ((await vigil.db.pool.query(`SELECT count(*)::int AS n FROM alerts.alerts`)).rows[0] as { n: number }).n === ALERTS;
    const orgIds = generated ? await existingOrganizations(vigil.db.pool, account.organizationId) : await generate(vigil.db.pool, account.organizationId);
    log(`data ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    const own = account.organizationId;
    const followed = orgIds.slice(1, 1 + FOLLOWED);

    // The REST client is undici's request() on a kept-alive pool, as an SDK session keeps its
    // connection (Node's fetch() adds ~1.2 ms of its own per call on this page: measured, see README).
    const client = new Pool(vigil.url, { connections: 1 });
    const rest = async (pathAndQuery: string, body: object) => {
      const response = await client.request({
        path: pathAndQuery,
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
      const json = (await response.body.json()) as { data?: Array<{ id: string }>; cursor?: string | null; errors?: unknown };
      if (response.statusCode !== 200) throw new Error(`${pathAndQuery}: ${response.statusCode} ${JSON.stringify(json)}`);
      return json;
    };

    // ── 2. page of 100 through the gateway vs hand-written SQL, per order ──
    const cases: Array<{ label: string; order: string; path: string; orgs: string[] }> = [
      ...Object.keys(ORDER_SQL)
        .filter((o) => o !== 'followingIds')
        .map((order) => ({ label: order, order, path: `/organizations/${own}/alerts`, orgs: [own] })),
      { label: 'followingIds (following)', order: 'followingIds', path: `/organizations/${own}/followings/alerts`, orgs: followed },
      { label: 'severity (following)', order: 'severity', path: `/organizations/${own}/followings/alerts`, orgs: followed },
    ];
    let worst = 0;
    // Steady state: the first requests of a process pay for JIT compilation of the whole path.
    for (const c of cases) for (let i = 0; i < 10; i++) await rest(`${c.path}?size=${PAGE}`, { ...FILTER, order: c.order, sort: 'DESC', lang: 'en-US' });
    log('');
    log(`page of ${PAGE}, filter states≠CLOSED + all severities, sort DESC (median of ${REPEAT}):`);
    log(`  ${'order'.padEnd(26)} ${'gateway ms'.padStart(10)} ${'sql ms'.padStart(8)} ${'ratio'.padStart(6)}`);
    for (const c of cases) {
      const body = { ...FILTER, order: c.order, sort: 'DESC', lang: 'en-US' };
      const viaGateway = await rest(`${c.path}?size=${PAGE}`, body);
      const query = handWrittenPage(c.order, c.orgs);
      const direct = await sql.query(query.text, query.values);
      const same = JSON.stringify(viaGateway.data!.map((a) => a.id)) === JSON.stringify(direct.rows.map((r: { id: string }) => r.id));
      if (!same) throw new Error(`order ${c.label}: the gateway page and the SQL page differ`);
      // Measured in alternation, so that a slow moment of the machine weighs on both sides alike.
      const [gatewayMs, sqlMs] = await mediansOfPairs(
        () => rest(`${c.path}?size=${PAGE}`, body),
        () => sql.query(query.text, query.values),
      );
      const ratio = gatewayMs / sqlMs;
      worst = Math.max(worst, ratio);
      log(`  ${c.label.padEnd(26)} ${gatewayMs.toFixed(2).padStart(10)} ${sqlMs.toFixed(2).padStart(8)} ${ratio.toFixed(2).padStart(6)}`);
    }

    // ── 3. page 1 vs page 1,000 ──
    const pagingBody = { ...FILTER, order: 'createdAt', sort: 'DESC' };
    const listPath = `/organizations/${own}/alerts`;
    log('');
    log('following cursors to page 1,000 (order createdAt DESC, size 100)…');
    // A cursor is (key, id) whatever the page size: 99 pages of 1,000 then 9 of 100 reach the start of page 1,000.
    let cursor: string | null | undefined = null;
    for (let i = 0; i < 99; i++) cursor = (await rest(`${listPath}?size=1000${cursor ? `&cursor=${cursor}` : ''}`, pagingBody)).cursor;
    for (let i = 0; i < 9; i++) cursor = (await rest(`${listPath}?size=${PAGE}&cursor=${cursor}`, pagingBody)).cursor;
    if (!cursor) throw new Error('fewer than 1,000 pages');
    const page1000Cursor = cursor;
    const page1Ms = await medianOf(() => rest(`${listPath}?size=${PAGE}`, pagingBody));
    const page1000Ms = await medianOf(() => rest(`${listPath}?size=${PAGE}&cursor=${page1000Cursor}`, pagingBody));
    const check = await rest(`${listPath}?size=${PAGE}&cursor=${page1000Cursor}`, pagingBody);
    if (check.data!.length !== PAGE) throw new Error('page 1,000 is not full');
    log(`  page 1: ${page1Ms.toFixed(2)} ms, page 1000: ${page1000Ms.toFixed(2)} ms`);

    // ── 4. SQL statements per GraphQL page ──
    const counts: Record<number, number> = {};
    for (const size of [100, 1000]) {
      const query = `query($org: ID!, $size: Int) { alerts(organizationId: $org, first: $size, order: CREATED_AT) {
        nodes { id rule severity organization { name } scanTarget { name kind } } pageInfo { endCursor } } }`;
      const run = async () => {
        const response = await fetch(`${vigil.url}/graphql`, {
          method: 'POST',
          headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: { org: own, size } }),
        });
        const json = (await response.json()) as {
          data?: { alerts: { nodes: Array<{ organization: { name: string }; scanTarget: { name: string } | null }> } };
          errors?: unknown;
        };
        if (json.errors || json.data?.alerts.nodes.length !== size) throw new Error(`GraphQL page of ${size}: ${JSON.stringify(json.errors)}`);
        if (json.data.alerts.nodes.some((a) => !a.organization?.name || !a.scanTarget?.name)) throw new Error('missing organization or scan target');
      };
      await run(); // warm caches (query plans, prepared documents)
      await new Promise((resolve) => setTimeout(resolve, 200)); // let off-path writes (API key lastUse) settle
      const before = statements;
      await run();
      counts[size] = statements - before;
      log(`GraphQL page of ${size} with organization { name } and scanTarget { name kind }: ${counts[size]} SQL statements`);
    }

    log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
    process.stdout.write(`ratio page/sql=${worst.toFixed(2)}\n`);
    process.stdout.write(`ratio page1000/page1=${(page1000Ms / page1Ms).toFixed(2)}\n`);
    process.stdout.write(`queries page=100:${counts[100]} page=1000:${counts[1000]}\n`);
    await client.close();
  } finally {
    await sql.end().catch(() => undefined);
    await bench.close();
  }
}

sayLoadAverage('start');
main()
  .finally(() => sayLoadAverage('end'))
  .catch((error) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  });
