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
import { setLogLevel } from '../lib/log';
import {
  type AlertsShape,
  benchAccount,
  bigTargets,
  existingOrganizations,
  FILTER,
  generateOrganizations,
  handWrittenPage,
  loadAlerts,
  ORDER_SQL,
} from './alerts-data';
import { startBenchVigil } from './bench-vigil';
import { runBenchmark } from './load-average';
import { medianOf, mediansOfPairs } from './timing';

const ALERTS = 1_000_000;
const SHAPE: AlertsShape = { organizations: 50, targets: 2_000, bigShare: 0.2, followed: 10, rules: 60 };
const FOLLOWED = SHAPE.followed;
const PAGE = 100;
const REPEAT = 61;
const WARMUP = 5;

const log = (line: string) => process.stderr.write(`${line}\n`);
let statements = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** The data set: organizations, follows, rules, scan targets, then the alerts. */
async function generate(db: pg.Pool, userOrgId: string): Promise<string[]> {
  const orgIds = await generateOrganizations(db, userOrgId, SHAPE);
  await loadAlerts(db, 0, ALERTS, bigTargets(SHAPE), SHAPE.targets, SHAPE.rules);
  return orgIds;
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
    const orgIds = generated
      ? await existingOrganizations(vigil.db.pool, account.organizationId, FOLLOWED)
      : await generate(vigil.db.pool, account.organizationId);
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
        REPEAT,
        WARMUP,
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
    const page1Ms = await medianOf(() => rest(`${listPath}?size=${PAGE}`, pagingBody), REPEAT, WARMUP);
    const page1000Ms = await medianOf(() => rest(`${listPath}?size=${PAGE}&cursor=${page1000Cursor}`, pagingBody), REPEAT, WARMUP);
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

runBenchmark(main);
