/**
 * `npm run bench:scale`: how the cost of reads grows with the data (issue 36 item 1), each line a ratio of one run.
 *
 * Two databases: the small one (1 M alerts of 50 organizations, organization 0 a fifth of them; 10 followed; an
 * event log of 1 M entries; 500 users) is generated set-based, measured, copied (CREATE DATABASE … TEMPLATE) and the
 * copy grown to the large one (10 M alerts, organization 0 holding 2 M; 1,000 followed, each with alerts; 20 M log
 * entries; 10,000 organizations and 100,000 users). Both sizes then run at once, each a Vigil of its own
 * (bench/bench-vigil.ts), and every request latency is measured in alternated rounds — one request of each size
 * per round, medians of BENCH_REPEAT rounds — so that a busy moment of the shared machine weighs on both sizes
 * alike (until 2026-11-29 the sizes were measured one after the other, minutes apart at different loads, and the
 * t(large)/t(small) ratios moved with the load). Webhook events alternate between the sizes too; the streams and
 * the resume run one size at a time. Measured at each size:
 *  - alerts: a REST page of 100 (undici, kept-alive) per order, alternated with the hand-written SQL of the same page
 *    (bench/alerts-data.ts), and a GraphQL page of 100 per order; at the large size page 1,000 against page 1;
 *  - following: the followed organizations' alert page (orders followingIds and severity) against its SQL; a
 *    follower's live stream (`followingAlertChanged` over graphql-ws): from a followed alert's update (REST PUT) to
 *    the follower's receipt;
 *  - event log: `GET /organizations/{id}/events` (the page after the first page's cursor), `eventAppended` resumed
 *    from a cursor 1,000 entries behind the log's end (until the 1,000th message), the webhook delivery latency
 *    (commit to receipt by a local receiver, median of 100 events at 20/s) — on an organization that holds a tenth
 *    of the log and follows nobody;
 *  - organizations: `GET /me`, `GET /organizations` and the authorization check (`GET /organizations/{id}` of an
 *    organization the caller is not a member of: refused).
 * Prints the ratios with their targets on stdout (progress and the table of times on stderr), the load average at
 * start and end. BENCH_SCALE (e.g. 0.01) shrinks every size for a quick run; BENCH_DATABASE=<name> keeps the two
 * databases (<name>_small, <name>_large) and a later run measures them again without generating.
 */
import '../lib/production-mode';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import pg from 'pg';
import { Pool } from 'undici';
import WebSocket from 'ws';
import { COMMANDS } from '../cli/commands';
import type { Database } from '../lib/db';
import { setLogLevel } from '../lib/log';
import { streamCodec } from '../lib/subscriptions/streams';
import {
  type AlertsShape,
  addScanTargets,
  bigTargets,
  FILTER,
  generateOrganizations,
  handWrittenPage,
  INDEX_BUILD_MEMORY,
  inChunks,
  loadAlerts,
  ORDER_SQL,
} from './alerts-data';
import { BENCH_BASE_URL, type BenchVigil, startBenchVigil } from './bench-vigil';
import { runBenchmark } from './load-average';
import { median, percentile, time } from './timing';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const sized = (n: number, least = 1) => Math.max(least, Math.round(n * SCALE));
const SHAPE: AlertsShape = { organizations: 50, targets: 2_000, bigShare: 0.2, followed: sized(10, 2), rules: 60 };
const SMALL = { alerts: sized(1_000_000), followed: SHAPE.followed, events: sized(1_000_000), organizations: 50, users: 500 };
const LARGE = {
  alerts: sized(10_000_000),
  followed: sized(1_000, 3),
  events: sized(20_000_000),
  organizations: sized(10_000, 100),
  users: sized(100_000, 1_000),
};
type Sizes = typeof SMALL;
const PAGE = 100;
const REPEAT = Number(process.env.BENCH_REPEAT ?? 31);
const WARMUP = 5;
const STREAM_SAMPLES = Number(process.env.BENCH_STREAM_SAMPLES ?? 100);
const WEBHOOK_EVENTS = 100;
/** Entries a resumed stream is behind (a thousand; fewer on a shrunk log). */
const RESUMED = Math.min(1_000, SMALL.events / 10 - 1);
const EMAIL = 'bench@scale.example';
const SECRET = process.env.BENCH_SECRET ?? randomBytes(16).toString('hex');

const log = (line: string) => process.stderr.write(`${line}\n`);
const pad = (value: string | number, width: number) => String(value).padStart(width);

/** The ids a run needs, kept in the database itself (public.bench_scale) so that a kept database is measured again. */
interface Ids {
  own: string;
  /** The organization whose event log is measured (a tenth of the log; follows nobody). */
  events: string;
  /** A followed organization the bench user is an ADMIN of: its alert updates feed the follower stream. */
  member: string;
  stage: 'small' | 'large';
}

async function readIds(db: pg.Pool): Promise<Ids | null> {
  const exists = await db.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'bench_scale'`);
  if (!exists.rowCount) return null;
  const { rows } = await db.query<{ key: keyof Ids; value: string }>(`SELECT key, value FROM public.bench_scale`);
  return Object.fromEntries(rows.map((r) => [r.key, r.value])) as unknown as Ids;
}

async function writeIds(db: pg.Pool, ids: Ids): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS public.bench_scale (key text PRIMARY KEY, value text NOT NULL)`);
  for (const [key, value] of Object.entries(ids))
    await db.query(`INSERT INTO public.bench_scale VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`, [key, value]);
}

/** Users `from`..`to - 1`, each a regular member (no role) of one organization (round robin over every organization). */
async function addUsers(db: pg.Pool, from: number, to: number): Promise<void> {
  await db.query(
    `WITH orgs AS (SELECT array_agg(id ORDER BY id) AS ids FROM organizations.organizations),
          users AS (
            INSERT INTO organizations.users (id, email, name, "emailVerified", "updatedAt")
            SELECT gen_random_uuid(), 'user-' || u || '@scale.example', 'Scale user ' || u, true, now() FROM generate_series($1::int, $2::int - 1) u
            RETURNING id, split_part(split_part(email, '@', 1), '-', 2)::int AS n)
     INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt")
     SELECT orgs.ids[1 + users.n % cardinality(orgs.ids)], users.id, '{}', now() FROM users, orgs`,
    [from, to],
  );
  await db.query('ANALYZE organizations.users');
  await db.query('ANALYZE organizations.memberships');
}

/**
 * Event log entries `from`..`to - 1` (half a million a statement, two at once): every tenth the events organization's (AlertCreated),
 * the others spread over `organizations` (AlertUpdated: what a follower derives its stream from).
 */
async function addEvents(db: pg.Pool, from: number, to: number, eventsOrg: string, organizations: string[]): Promise<void> {
  // As loadAlerts: the indexes that back no constraint are dropped for the load and built again after it (each
  // million entries into a 20 M log otherwise updated three more B-trees at random places).
  const { rows: indexes } = await db.query<{ name: string; def: string }>(
    `SELECT i.indexname AS name, i.indexdef AS def FROM pg_indexes i
      WHERE i.schemaname = 'documents' AND i.tablename = 'events' AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  for (const index of indexes) await db.query(`DROP INDEX documents."${index.name}"`);
  await inChunks(from, to, 500_000, async (start, end) => {
    await db.query(
      `INSERT INTO documents.events (id, "organizationId", name, source, data)
       SELECT gen_random_uuid(), CASE WHEN i % 10 = 0 THEN $3::uuid ELSE ($4::uuid[])[1 + i % cardinality($4::uuid[])] END,
              CASE WHEN i % 10 = 0 THEN 'AlertCreated' ELSE 'AlertUpdated' END, 'service.alert',
              jsonb_build_object('alertId', gen_random_uuid(), 'state', 'OPEN', 'n', i, 'pad', repeat('x', 120))
         FROM generate_series($1::int, $2::int - 1) i`,
      [start, end, eventsOrg, organizations],
    );
  });
  const client = await db.connect();
  try {
    await client.query(`SET maintenance_work_mem = '${INDEX_BUILD_MEMORY}'`);
    for (const index of indexes) await client.query(index.def);
  } finally {
    client.release();
  }
  await db.query('VACUUM ANALYZE documents.events');
}

/** An organization of its own name with the bench user as its ADMIN. */
async function memberOf(db: pg.Pool, organizationId: string, userId: string): Promise<void> {
  await db.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{ADMIN}', now())`, [
    organizationId,
    userId,
  ]);
}

async function generateSmall(database: Database): Promise<Ids> {
  const db = database.pool;
  const account = (await COMMANDS.bootstrap.run(database, { email: EMAIL, organization: 'Bench org 0' }, () => undefined)) as {
    organizationId: string;
  };
  const own = account.organizationId;
  const orgIds = await generateOrganizations(db, own, SHAPE);
  await loadAlerts(db, 0, SMALL.alerts, bigTargets(SHAPE), SHAPE.targets, SHAPE.rules);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO organizations.organizations (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Bench events org', now()) RETURNING id`,
  );
  const events = rows[0].id;
  const user = (await db.query<{ id: string }>(`SELECT id FROM organizations.users WHERE email = $1`, [EMAIL])).rows[0].id;
  await memberOf(db, events, user);
  await memberOf(db, orgIds[1], user);
  await addUsers(db, 0, SMALL.users);
  log('generating the event log…');
  await addEvents(db, 0, SMALL.events, events, orgIds);
  const ids: Ids = { own, events, member: orgIds[1], stage: 'small' };
  await writeIds(db, ids);
  return ids;
}

/** The small database's copy grown to the large sizes. */
async function grow(db: pg.Pool, ids: Ids): Promise<void> {
  const { rows: existing } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations.organizations`);
  log('growing organizations and follows…');
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO organizations.organizations (id, name, "updatedAt")
     SELECT gen_random_uuid(), 'Bench grown org ' || i, now() FROM generate_series(1, $1::int) i RETURNING id`,
    [LARGE.organizations - existing[0].n],
  );
  const added = rows.map((r) => r.id).sort();
  const newlyFollowed = added.slice(0, LARGE.followed - SMALL.followed);
  await db.query(`INSERT INTO organizations.follows ("followerId", "followedId", tags) SELECT $1, unnest($2::uuid[]), '{bench}'`, [ids.own, newlyFollowed]);
  // This machine's PostgreSQL runs without autovacuum: statistics of 50 organizations and 2 follows would plan the
  // follow look-ups as nested loops over a materialized scan of every organization (30 ms at 100 follows, not 0.2).
  await db.query('ANALYZE organizations.organizations');
  await db.query('ANALYZE organizations.follows');
  // Each newly followed organization gets a scan target of its own, and with it its share of the new alerts.
  await addScanTargets(db, SHAPE.targets, SHAPE.targets + newlyFollowed.length, `($1::uuid[])[1 + t - ${SHAPE.targets}]`, [newlyFollowed]);
  await loadAlerts(db, SMALL.alerts, LARGE.alerts, bigTargets(SHAPE), SHAPE.targets + newlyFollowed.length, SHAPE.rules);
  log('growing users…');
  await addUsers(db, SMALL.users, LARGE.users);
  log('growing the event log…');
  const { rows: logOrgs } = await db.query<{ id: string }>(
    `SELECT "followedId" AS id FROM organizations.follows WHERE "followerId" = $1 ORDER BY "createdAt", "followedId" LIMIT $2`,
    [ids.own, SMALL.followed],
  );
  await addEvents(db, SMALL.events, LARGE.events, ids.events, [ids.own, ...logOrgs.map((r) => r.id)]);
  await writeIds(db, { ...ids, stage: 'large' });
}

/** GraphQL's name of an order (createdAt → CREATED_AT). */
const graphqlOrder = (order: string) => order.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase();

type Measured = Record<string, number>;

/**
 * One size's Vigil as the bench drives it: its clients, and the request latencies measured on it as named
 * probes (the same names at both sizes) so that the two sizes are measured in alternated rounds.
 */
interface Side {
  sizes: Sizes;
  ids: Ids;
  bench: BenchVigil;
  call: Call;
  sql: pg.Client;
  subscribe(query: string, variables: Record<string, unknown>, next: (data: unknown) => void): Client;
  /** Request latencies: each probe is one request (or the hand-written SQL of one). */
  probes: Record<string, () => Promise<unknown>>;
  close(): Promise<void>;
}

const gqlPage = `query($org: ID!, $order: AlertOrder, $filter: AlertFilter) { alerts(organizationId: $org, first: ${PAGE}, order: $order, sort: DESC, filter: $filter) {
      nodes { id organizationId scanTargetId rule resource severity state version tags labels compliances enrichment metadata openedAt resolvedAt createdAt updatedAt ruleTitle } } }`;
const ALERT_ORDERS = Object.keys(ORDER_SQL).filter((o) => o !== 'followingIds');
const FOLLOWING_ORDERS = ['followingIds', 'severity'];

/** Opens a size: an API key, clients, the checks that its pages equal the hand-written SQL's, and its probes. */
async function openSide(bench: BenchVigil, ids: Ids, sizes: Sizes): Promise<Side> {
  const { vigil } = bench;
  const issued = (await COMMANDS['issue-key'].run(vigil.db, { email: EMAIL, name: 'bench run' }, () => undefined)) as { apiKey: string };
  const apiKey = issued.apiKey;
  const headers = { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', accept: 'application/json' };
  const client = new Pool(vigil.url, { connections: 1 });
  const sql = new pg.Client({ connectionString: bench.url });
  await sql.connect();
  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, expect = 200) => {
    const response = await client.request({ path, method, headers, body: body ? JSON.stringify(body) : undefined });
    const json = (await response.body.json().catch(() => null)) as { data?: Array<{ id: string }>; cursor?: string | null } & Record<string, unknown>;
    if (response.statusCode !== expect) throw new Error(`${method} ${path}: ${response.statusCode} ${JSON.stringify(json)}`);
    return json;
  };
  const graphql = async (query: string, variables: object) => {
    const json = (await call('POST', '/graphql', { query, variables })) as unknown as { data?: unknown; errors?: unknown };
    if (json.errors) throw new Error(`GraphQL: ${JSON.stringify(json.errors)}`);
    return json.data;
  };
  const sockets: Client[] = [];
  const subscribe = (query: string, variables: Record<string, unknown>, next: (data: unknown) => void) => {
    const socket = createClient({ url: `${vigil.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { apiKey } });
    sockets.push(socket);
    socket.subscribe(
      { query, variables },
      { next: (message) => next(message.data), error: (error) => log(`subscription error: ${JSON.stringify(error)}`), complete: () => undefined },
    );
    return socket;
  };
  const probes: Side['probes'] = {};
  const samePage = async (label: string, path: string, body: object, query: { text: string; values: unknown[] }) => {
    const page = await call('POST', `${path}?size=${PAGE}`, body);
    const direct = await sql.query(query.text, query.values);
    if (JSON.stringify(page.data!.map((a) => a.id)) !== JSON.stringify(direct.rows.map((r: { id: string }) => r.id)))
      throw new Error(`${label}: the REST page and the SQL page differ`);
  };

  const followed = (
    await sql.query<{ id: string }>(`SELECT "followedId" AS id FROM organizations.follows WHERE "followerId" = $1 ORDER BY "followedId"`, [ids.own])
  ).rows.map((r) => r.id);
  if (followed.length !== sizes.followed) throw new Error(`the database follows ${followed.length} organizations, not ${sizes.followed}`);

  // alerts: REST and its hand-written SQL, GraphQL, per order
  const own = `/organizations/${ids.own}/alerts`;
  for (const order of ALERT_ORDERS) {
    const body = { ...FILTER, order, sort: 'DESC' };
    const query = handWrittenPage(order, [ids.own]);
    await samePage(`order ${order}`, own, body, query);
    const variables = { org: ids.own, order: graphqlOrder(order), filter: { states: FILTER.states, severities: FILTER.severities } };
    probes[`rest ${order}`] = () => call('POST', `${own}?size=${PAGE}`, body);
    probes[`sql ${order}`] = () => sql.query(query.text, query.values);
    probes[`graphql ${order}`] = () => graphql(gqlPage, variables);
  }
  // page 1,000 (a cursor is (key, id) whatever the page size: 99 pages of 1,000 then 9 of 100 reach its start) — where there are 1,000 pages
  const pageBody = { ...FILTER, order: 'createdAt', sort: 'DESC' };
  let cursor: string | null | undefined = null;
  for (let i = 0; i < 108 && (i === 0 || cursor); i++)
    cursor = (await call('POST', `${own}?size=${i < 99 ? 1000 : PAGE}${cursor ? `&cursor=${cursor}` : ''}`, pageBody)).cursor;
  if (cursor) {
    const page1000 = cursor;
    probes['page 1'] = () => call('POST', `${own}?size=${PAGE}`, pageBody);
    probes['page 1000'] = () => call('POST', `${own}?size=${PAGE}&cursor=${page1000}`, pageBody);
  }
  // following: the followed organizations' alert page and its SQL
  const following = `/organizations/${ids.own}/followings/alerts`;
  for (const order of FOLLOWING_ORDERS) {
    const body = { ...FILTER, order, sort: 'DESC' };
    const query = handWrittenPage(order, followed);
    await samePage(`following order ${order}`, following, body, query);
    probes[`following ${order}`] = () => call('POST', `${following}?size=${PAGE}`, body);
    probes[`following sql ${order}`] = () => sql.query(query.text, query.values);
  }
  // the event log's page 2
  const eventsPath = `/organizations/${ids.events}/events`;
  const first = await call('GET', `${eventsPath}?size=${PAGE}`);
  probes['events page'] = () => call('GET', `${eventsPath}?size=${PAGE}&cursor=${first.cursor}`);
  // organizations and users: /me, the list, a refused GET of an organization the caller is not a member of
  const { rows: stranger } = await sql.query<{ id: string }>(
    `SELECT id FROM organizations.organizations o WHERE NOT EXISTS (SELECT 1 FROM organizations.memberships m JOIN organizations.users u ON u.id = m."userId" WHERE m."organizationId" = o.id AND u.email = $1) ORDER BY id DESC LIMIT 1`,
    [EMAIL],
  );
  const refused = (await client.request({ path: `/organizations/${stranger[0].id}`, method: 'GET', headers })).statusCode;
  // `/me` answers the user's organizations' follows: the bench user's organization follows 10 at the small size and
  // 1,000 at the large one, so its answer grows 100× (the following lines measure that dimension). The /me line is
  // a user of one organization that follows nobody, the same user in both databases (the large one is the small one
  // grown): the same answer at both sizes, so its ratio is the cost of 10,000 organizations and 100,000 users.
  // The bench user's /me stays an information line (until 2026-11-29 it was the ratio's: 1.34 and 1.44).
  const { rows: plain } = await sql.query<{ email: string }>(
    `SELECT u.email FROM organizations.users u JOIN organizations.memberships m ON m."userId" = u.id
      WHERE u.email LIKE 'user-%@scale.example' AND NOT EXISTS (SELECT 1 FROM organizations.follows f WHERE f."followerId" = m."organizationId")
        AND NOT EXISTS (SELECT 1 FROM organizations.memberships o WHERE o."userId" = u.id AND o."organizationId" <> m."organizationId")
      ORDER BY u.email LIMIT 1`,
  );
  const plainKey = ((await COMMANDS['issue-key'].run(vigil.db, { email: plain[0].email, name: 'bench run' }, () => undefined)) as { apiKey: string }).apiKey;
  probes.me = async () => {
    const response = await client.request({ path: '/me', method: 'GET', headers: { ...headers, authorization: `Bearer ${plainKey}` } });
    const json = (await response.body.json()) as { email?: string };
    if (response.statusCode !== 200 || json.email !== plain[0].email) throw new Error(`GET /me: ${response.statusCode} ${JSON.stringify(json)}`);
    return json;
  };
  probes['me following'] = () => call('GET', '/me');
  probes.organizations = () => call('GET', '/organizations');
  probes.authorization = () => call('GET', `/organizations/${stranger[0].id}`, undefined, refused);

  return {
    sizes,
    ids,
    bench,
    call,
    sql,
    subscribe,
    probes,
    async close() {
      for (const socket of sockets) await socket.dispose();
      await client.close();
      await sql.end();
    },
  };
}

/**
 * The request latencies of both sizes, in alternated rounds (one request of each probe of each size per round,
 * medians over REPEAT rounds after WARMUP): a busy moment of the shared machine weighs on both sizes alike, so
 * t(large)/t(small) is a ratio of one run, not of two phases minutes apart at different loads.
 */
async function measurePaired(small: Side, large: Side): Promise<[Measured, Measured]> {
  const s: Measured = {};
  const l: Measured = {};
  const group = async (keys: string[]) => {
    const runs = keys.flatMap((key) => [
      { into: s, key, fn: small.probes[key] },
      { into: l, key, fn: large.probes[key] },
    ]);
    const present = runs.filter((r) => r.fn);
    for (let i = 0; i < WARMUP; i++) for (const r of present) await r.fn();
    const times = present.map(() => [] as number[]);
    for (let i = 0; i < REPEAT; i++) for (const [j, r] of present.entries()) times[j].push(await time(r.fn));
    for (const [j, r] of present.entries()) r.into[r.key] = median(times[j]);
  };
  log(`  ${'alerts order'.padEnd(28)} ${pad('REST ms', 16)} ${pad('SQL ms', 16)} ${pad('GraphQL ms', 16)}   (small / large, alternated)`);
  for (const order of ALERT_ORDERS) {
    await group([`rest ${order}`, `sql ${order}`, `graphql ${order}`]);
    const both = (key: string) => pad(`${s[key].toFixed(2)} / ${l[key].toFixed(2)}`, 16);
    log(`  ${order.padEnd(28)} ${both(`rest ${order}`)} ${both(`sql ${order}`)} ${both(`graphql ${order}`)}`);
  }
  await group(['page 1', 'page 1000']);
  log(`  page 1 ${l['page 1']?.toFixed(2)} ms, page 1,000 ${l['page 1000']?.toFixed(2)} ms (large)`);
  for (const order of FOLLOWING_ORDERS) {
    await group([`following ${order}`, `following sql ${order}`]);
    log(
      `  following ${order.padEnd(18)} REST ${s[`following ${order}`].toFixed(2)} / ${l[`following ${order}`].toFixed(2)}  SQL ${s[`following sql ${order}`].toFixed(2)} / ${l[`following sql ${order}`].toFixed(2)}  (${small.sizes.followed} / ${large.sizes.followed} followed)`,
    );
  }
  const others = ['events page', 'me', 'me following', 'organizations', 'authorization'];
  await group(others);
  for (const key of others) log(`  ${key.padEnd(28)} ${s[key].toFixed(2)} / ${l[key].toFixed(2)} ms`);
  log(
    `  (me: a user of one organization that follows nobody; me following: the bench user, its organization following ${small.sizes.followed} / ${large.sizes.followed})`,
  );
  return [s, l];
}

/** The live measurements of one size (one size at a time: each runs its own stream or worker): follower stream, resume, webhooks. */
async function measureLive(side: Side, m: Measured): Promise<void> {
  const { ids, sql, call, subscribe } = side;
  const { rows: alerts } = await sql.query<{ id: string; scanTargetId: string }>(
    `SELECT id, "scanTargetId" FROM alerts.alerts WHERE "organizationId" = $1 AND state = 'OPEN' ORDER BY id LIMIT 1`,
    [ids.member],
  );
  const updatePath = `/organizations/${ids.member}/scantargets/${alerts[0].scanTargetId}/alerts/${alerts[0].id}`;
  let received: (() => void) | null = null;
  const follower = subscribe(`subscription($org: ID!) { followingAlertChanged(organizationId: $org) { seq alert { id } } }`, { org: ids.own }, () =>
    received?.(),
  );
  await new Promise((resolve) => setTimeout(resolve, 1000)); // the subscription is registered
  const streamMs: number[] = [];
  for (let i = 0; i < STREAM_SAMPLES + 5; i++) {
    const arrived = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 10_000);
      received = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    const took = await time(async () => {
      await call('PUT', updatePath, { labels: [`scale-${i}`] });
      if (!(await arrived)) throw new Error('no message');
    }).catch(() => Number.POSITIVE_INFINITY);
    if (i >= 5) streamMs.push(took);
  }
  await follower.dispose();
  m['stream p50'] = median(streamMs);
  m['stream p99'] = percentile(streamMs, 99);
  log(`  follower stream: p50 ${m['stream p50'].toFixed(1)} ms, p99 ${m['stream p99'].toFixed(1)} ms (${STREAM_SAMPLES} changes)`);

  // ORDER BY events.seq, the bigint: `seq` alone names the text output column, and positions sorted as text
  // ("99992" > "100209") put the cursor 900 entries behind at BENCH_SCALE=0.1's small size and 100,921 at its large.
  const { rows: behind } = await sql.query<{ seq: string }>(
    `SELECT seq::text AS seq FROM documents.events WHERE "organizationId" = $1 ORDER BY events.seq DESC OFFSET ${RESUMED} LIMIT 1`,
    [ids.events],
  );
  const { rows: last } = await sql.query<{ id: string }>(`SELECT id FROM documents.events WHERE "organizationId" = $1 ORDER BY seq DESC LIMIT 1`, [ids.events]);
  const after = streamCodec(SECRET, 'eventAppended', ids.events).seal([behind[0].seq]);
  // A resume is done when the log's last entry arrives: exactly RESUMED entries after the cursor.
  const resumes: number[] = [];
  for (let i = 0; i < 7; i++) {
    resumes.push(
      await time(
        () =>
          new Promise<void>((resolve, reject) => {
            let count = 0;
            const timer = setTimeout(() => reject(new Error(`resume: the last entry not there after ${count} messages in 60 s`)), 60_000);
            const query = `subscription($org: ID!, $after: String) { eventAppended(organizationId: $org, after: $after) { cursor event { id } } }`;
            const socket = subscribe(query, { org: ids.events, after }, (data) => {
              count++;
              if ((data as { eventAppended: { event: { id: string } } }).eventAppended.event.id === last[0].id) {
                clearTimeout(timer);
                void socket.dispose();
                // A resume that delivers another number of entries measures something else: an error, not a ratio.
                if (count !== RESUMED) reject(new Error(`resume: ${count} messages to the log's end, not ${RESUMED}`));
                else resolve();
              }
            });
          }),
      ),
    );
  }
  m.resume = median(resumes.slice(2));
  log(`  resume of ${RESUMED}: ${m.resume.toFixed(0)} ms`);
}

type Call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: object, expect?: number) => Promise<Record<string, unknown>>;

/** A webhook of one size on a local receiver: `emit` appends an event it subscribes to, `latencies` the commit → receipt times. */
interface WebhookProbe {
  emit(): Promise<void>;
  /** Waits (at most 30 s) for every emitted event; their commit → receipt times in ms (Infinity for a missing one). */
  latencies(): Promise<number[]>;
  close(): Promise<void>;
}

async function openWebhook(call: Call, url: string, organizationId: string): Promise<WebhookProbe> {
  const arrivals = new Map<string, number>();
  const receiver = http.createServer((req, res) => {
    const id = String(req.headers['webhook-id']);
    if (!arrivals.has(id)) arrivals.set(id, performance.now());
    req.resume();
    req.on('end', () => res.end('ok'));
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const writer = new pg.Client({ connectionString: url });
  await writer.connect();
  const port = (receiver.address() as AddressInfo).port;
  const body = { url: `http://127.0.0.1:${port}/scale`, eventNames: ['ScanTargetUpdated'] };
  const webhook = (await call('POST', `/organizations/${organizationId}/webhooks`, body, 201).catch(() =>
    call('POST', `/organizations/${organizationId}/webhooks`, body),
  )) as { id: string };
  const committed = new Map<string, number>();
  return {
    async emit() {
      const { rows } = await writer.query<{ id: string }>(
        `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'ScanTargetUpdated', 'service.scantarget', '{}') RETURNING id`,
        [organizationId],
      );
      committed.set(rows[0].id, performance.now());
    },
    async latencies() {
      const deadline = Date.now() + 30_000;
      while ([...committed.keys()].some((id) => !arrivals.has(id)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      return [...committed].map(([id, at]) => (arrivals.get(id) ?? Number.POSITIVE_INFINITY) - at);
    },
    async close() {
      await call('DELETE', `/organizations/${organizationId}/webhooks/${webhook.id}`, undefined, 204).catch(() => undefined);
      await writer.end();
      receiver.close();
    },
  };
}

/**
 * The median webhook delivery latency of both sizes, their events alternated (WEBHOOK_EVENTS each, one every 25 ms
 * in turn: each size at 20/s), so that the machine's load weighs on both alike.
 */
async function webhookLatencies(small: Side, large: Side): Promise<[number, number]> {
  const probes = [await openWebhook(small.call, small.bench.url, small.ids.events), await openWebhook(large.call, large.bench.url, large.ids.events)];
  try {
    for (let i = 0; i < WEBHOOK_EVENTS; i++) {
      for (const probe of probes) {
        await probe.emit();
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
    return [median(await probes[0].latencies()), median(await probes[1].latencies())];
  } finally {
    for (const probe of probes) await probe.close();
  }
}

/** Creates `name` as a copy of `template` (no session may be on the template). */
async function copyDatabase(template: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
}

async function dropDatabases(names: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL });
  await admin.connect();
  for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

const BENCH_ENV = { VIGIL_SECRET: SECRET, VIGIL_WORKERS: 'webhook.deliver', VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1' };

async function main(): Promise<void> {
  const started = Date.now();
  setLogLevel('warn');
  const kept = process.env.BENCH_DATABASE;
  if (kept && !/^scale\w*$/.test(kept)) throw new Error('BENCH_DATABASE must be a plain name starting with "scale"');
  const base = kept ?? `scale_${randomBytes(4).toString('hex')}`;
  const names = { small: `${base}_small`, large: `${base}_large` };
  const running: BenchVigil[] = [];
  const sides: Side[] = [];
  try {
    log(`sizes: ${JSON.stringify(SMALL)} → ${JSON.stringify(LARGE)}`);
    let small = await startBenchVigil('scale', { database: names.small, keep: true, env: BENCH_ENV });
    running.push(small);
    const ids = (await readIds(small.vigil.db.pool)) ?? (await generateSmall(small.vigil.db));
    log(`small data ready (${((Date.now() - started) / 1000).toFixed(0)} s)`);
    let large = await startBenchVigil('scale', { database: names.large, keep: true, env: BENCH_ENV });
    running.push(large);
    if ((await readIds(large.vigil.db.pool))?.stage !== 'large') {
      // The copy needs the small database without sessions: both close, the copy grows, both start again.
      for (const vigil of running.splice(0)) await vigil.close();
      log('copying the small database…');
      await copyDatabase(names.small, names.large);
      large = await startBenchVigil('scale', { database: names.large, keep: true, env: BENCH_ENV });
      running.push(large);
      await grow(large.vigil.db.pool, ids);
      small = await startBenchVigil('scale', { database: names.small, keep: true, env: BENCH_ENV });
      running.push(small);
    }
    log(`large data ready (${((Date.now() - started) / 1000).toFixed(0)} s); measuring ${JSON.stringify(SMALL)} and ${JSON.stringify(LARGE)} alternated`);
    const smallSide = await openSide(small, ids, SMALL);
    sides.push(smallSide);
    const largeSide = await openSide(large, ids, LARGE);
    sides.push(largeSide);
    const [smallTimes, largeTimes] = await measurePaired(smallSide, largeSide);
    log('live, small:');
    await measureLive(smallSide, smallTimes);
    log('live, large:');
    await measureLive(largeSide, largeTimes);
    [smallTimes.webhook, largeTimes.webhook] = await webhookLatencies(smallSide, largeSide);
    log(`  webhook delivery median ${smallTimes.webhook.toFixed(1)} / ${largeTimes.webhook.toFixed(1)} ms (small / large, alternated)`);
    report(smallTimes, largeTimes);
    log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    for (const side of sides) await side.close();
    for (const vigil of running) await vigil.close();
    if (!kept) await dropDatabases([names.small, names.large]);
  }
}

/** The ratio lines: each with its target and met / MISSED. */
function report(small: Measured, large: Measured): void {
  const n = (count: number) => (count >= 1_000_000 ? `${count / 1_000_000}M` : count.toLocaleString('en-US'));
  const line = (label: string, value: number, target: number, unit = '') =>
    process.stdout.write(`${label}=${value.toFixed(2)}${unit} (target ≤ ${target}${unit}) ${value <= target ? 'met' : 'MISSED'}\n`);
  const worst = (keys: string[], value: (key: string) => number) => {
    const key = keys.reduce((a, b) => (value(b) > value(a) ? b : a));
    return { key: key.split(' ').pop(), value: value(key) };
  };
  const orders = Object.keys(ORDER_SQL).filter((o) => o !== 'followingIds');
  const a = `${n(LARGE.alerts)}/${n(SMALL.alerts)}`;
  for (const api of ['rest', 'graphql']) {
    const w = worst(orders, (o) => large[`${api} ${o}`] / small[`${api} ${o}`]);
    line(`ratio alerts ${api} t(${a}) worst order ${w.key}`, w.value, 1.3);
  }
  const ws = worst(orders, (o) => large[`rest ${o}`] / large[`sql ${o}`]);
  line(`ratio alerts rest/sql at ${n(LARGE.alerts)} worst order ${ws.key}`, ws.value, 3);
  line(`ratio alerts page1000/page1 at ${n(LARGE.alerts)}`, large['page 1000'] / large['page 1'], 2);
  const f = `${n(LARGE.followed)}/${n(SMALL.followed)}`;
  const fo = ['followingIds', 'severity'];
  const wf = worst(fo, (o) => large[`following ${o}`] / large[`following sql ${o}`]);
  line(`ratio following page/sql at ${n(LARGE.followed)} followed worst order ${wf.key}`, wf.value, 3);
  const wg = worst(fo, (o) => large[`following ${o}`] / small[`following ${o}`]);
  line(`ratio following page t(${f}) worst order ${wg.key}`, wg.value, 1.5);
  line(`follower stream p99 at ${n(LARGE.followed)} followed`, large['stream p99'], 1000, ' ms');
  const e = `${n(LARGE.events)}/${n(SMALL.events)}`;
  line(`ratio events page t(${e})`, large['events page'] / small['events page'], 1.3);
  line(`ratio events resume t(${e})`, large.resume / small.resume, 1.3);
  line(`ratio webhook delivery t(${e})`, large.webhook / small.webhook, 1.3);
  const o = `${n(LARGE.organizations)}/${n(SMALL.organizations)} organizations`;
  line(`ratio /me t(${o})`, large.me / small.me, 1.3);
  process.stderr.write(
    `/me of the bench user (the following list ${n(SMALL.followed)} → ${n(LARGE.followed)} organizations): t = ${(large['me following'] / small['me following']).toFixed(2)} (information)\n`,
  );
  line(`ratio organization list t(${o})`, large.organizations / small.organizations, 1.3);
  line(`ratio authorization check t(${o})`, large.authorization / small.authorization, 1.3);
}

runBenchmark(main);
