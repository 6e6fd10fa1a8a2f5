/**
 * `npm run bench:soak`: a mixed read/write load held for a while, against real PostgreSQL, watching
 * the service's memory.
 *
 * 1. A fresh PostgreSQL database (DATABASE_URL, else TEST_DATABASE_URL, else
 *    postgresql://root@127.0.0.1:5432/postgres), dropped at the end.
 * 2. Vigil as its own process (`node --import tsx app/main.ts`, NODE_ENV=production as deployed,
 *    the scan scheduler off, VIGIL_RATE_LIMIT_PER_KEY=0: the soak measures the service, not the limiter),
 *    so the memory sampled (VmRSS in /proc/<pid>/status) is the service's alone. RSS alone cannot
 *    tell a leak from V8's lazy collection (under this load it saws between ~280 and ~470 MB with a
 *    period of about a minute, measured over 180 s), so each sample also forces a full collection
 *    through the inspector (--inspect on loopback, a few ms per sample) and reads the live heap: a
 *    leak raises the heap left after collection, a sawtooth does not.
 * 3. BENCH_SOAK_ORGS organizations, each with BENCH_SOAK_KEYS API keys (the load spreads over them
 *    as real clients would), TARGETS_PER_ORG scan targets and STABLE_FINDINGS open alerts per target.
 * 4. BENCH_SOAK_CONCURRENCY workers for BENCH_SOAK_SECONDS, each request of a kind drawn by weight:
 *    alert lists through REST and GraphQL, alert updates (state and labels), findings ingestions (the
 *    stable findings plus a rotating slice of churn findings, so every scan opens and closes alerts),
 *    comments. Every request is valid, so any answer but 2xx is an error.
 * 5. Prints req/s and latency per kind, the error count, RSS and the heap after a full collection
 *    every BENCH_SOAK_SAMPLE_SECONDS, and a plateau verdict: the heap after collection grows less
 *    than BENCH_SOAK_MAX_GROWTH_PERCENT over the second half of the run (mid-run vs end).
 *    Writes bench/results/soak-latest.json and .txt; exits 1 on any error or a memory that grows.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { COMMANDS } from '../cli/commands';
import { openPostgres } from '../lib/db';
import { sayLoadAverage } from './load-average';
import { Inspector, rssMegabytes, type Service, startService } from './soak-service';

const ROOT = path.join(__dirname, '..');
const BASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://root@127.0.0.1:5432/postgres';
const positive = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = positive('BENCH_SOAK_SECONDS', 60);
const CONCURRENCY = positive('BENCH_SOAK_CONCURRENCY', 8);
const ORGS = positive('BENCH_SOAK_ORGS', 4);
const KEYS_PER_ORG = positive('BENCH_SOAK_KEYS', 3);
const SAMPLE_SECONDS = positive('BENCH_SOAK_SAMPLE_SECONDS', 5);
const MAX_GROWTH_PERCENT = positive('BENCH_SOAK_MAX_GROWTH_PERCENT', 10);
const TARGETS_PER_ORG = 2;
const STABLE_FINDINGS = 150;
const CHURN_POOL = 60;
const CHURN_PER_SCAN = 20;

/** Relative weights of the request kinds (reads dominate, as in the public clients' use). */
const KINDS = {
  'list-rest': 30,
  'list-graphql': 30,
  'alert-update': 20,
  comment: 15,
  ingestion: 5,
} as const;
type Kind = keyof typeof KINDS;

const log = (line: string) => process.stderr.write(`${line}\n`);

interface Target {
  organizationId: string;
  scanTargetId: string;
  /** Alerts of the stable findings: found by every scan, so never CLOSED and always updatable. */
  stableAlertIds: string[];
  scans: number;
  ingesting: boolean;
}

interface Organization {
  id: string;
  keys: string[];
  targets: Target[];
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `vigil_soak_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: BASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

class Client {
  constructor(private readonly base: string) {}

  async call(method: string, p: string, key: string, body?: unknown): Promise<{ status: number; body: any }> {
    const response = await fetch(this.base + p, {
      method,
      headers: { authorization: `Bearer ${key}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: kept as text for the error report
    }
    return { status: response.status, body: parsed };
  }

  /** A GraphQL answer counts as failed when it carries errors, whatever its status. */
  async graphql(key: string, query: string, variables: Record<string, unknown>): Promise<{ status: number; body: any }> {
    const answer = await this.call('POST', '/graphql', key, { query, variables });
    return answer.status === 200 && answer.body?.errors ? { status: 500, body: answer.body } : answer;
  }
}

function findingsOf(rules: string[], target: Target): unknown {
  const stable = Array.from({ length: STABLE_FINDINGS }, (_, i) => ({ rule: rules[i % rules.length], resource: `arn:aws:s3:::soak-stable-${i}` }));
  const offset = (target.scans * CHURN_PER_SCAN) % CHURN_POOL;
  const churn = Array.from({ length: CHURN_PER_SCAN }, (_, i) => {
    const n = (offset + i) % CHURN_POOL;
    return { rule: rules[n % rules.length], resource: `arn:aws:s3:::soak-churn-${n}`, metadata: { scan: target.scans } };
  });
  return { format: 'vigil', findings: [...stable, ...churn] };
}

async function setUp(client: Client, databaseUrl: string): Promise<{ organizations: Organization[]; rules: string[] }> {
  const db = await openPostgres(databaseUrl, 2);
  const organizations: Organization[] = [];
  try {
    for (let o = 0; o < ORGS; o++) {
      const account = (await COMMANDS.bootstrap.run(db, { email: `soak-${o}@soak.test`, organization: `Soak org ${o}` }, () => undefined)) as {
        organizationId: string;
        apiKey: string;
      };
      organizations.push({ id: account.organizationId, keys: [account.apiKey], targets: [] });
    }
  } finally {
    await db.close();
  }
  const ruleAnswer = await client.graphql(organizations[0].keys[0], `{ rules { id } }`, {});
  const rules = (ruleAnswer.body.data.rules as Array<{ id: string }>).map((r) => r.id).filter((id) => id.startsWith('aws-'));
  for (const organization of organizations) {
    const key = organization.keys[0];
    for (let k = 1; k < KEYS_PER_ORG; k++) {
      const created = await client.call('POST', '/me/apikeys', key, { name: `soak key ${k}` });
      if (created.status !== 200) throw new Error(`key creation failed: ${JSON.stringify(created.body)}`);
      organization.keys.push(created.body.key);
    }
    for (let n = 0; n < TARGETS_PER_ORG; n++) {
      const created = await client.call('POST', `/organizations/${organization.id}/scantargets`, key, {
        name: `soak target ${n}`,
        kind: 'AWS',
        credential: { account: `10000000000${n}` },
      });
      if (created.status !== 200) throw new Error(`scan target creation failed: ${JSON.stringify(created.body)}`);
      const target: Target = { organizationId: organization.id, scanTargetId: created.body.id, stableAlertIds: [], scans: 0, ingesting: false };
      const scan = await client.call('POST', `/organizations/${organization.id}/scantargets/${target.scanTargetId}/findings`, key, findingsOf(rules, target));
      if (scan.status !== 200) throw new Error(`first ingestion failed: ${JSON.stringify(scan.body)}`);
      target.scans++;
      const list = await client.call('POST', `/organizations/${organization.id}/alerts?size=1000`, key, { scanTargetIds: [target.scanTargetId] });
      target.stableAlertIds = (list.body.data as Array<{ id: string; resource: string }>).filter((a) => a.resource.includes('soak-stable-')).map((a) => a.id);
      if (target.stableAlertIds.length !== STABLE_FINDINGS) throw new Error(`expected ${STABLE_FINDINGS} stable alerts, got ${target.stableAlertIds.length}`);
      organization.targets.push(target);
    }
  }
  return { organizations, rules };
}

interface KindStats {
  count: number;
  errors: number;
  latencies: number[];
}

const ALERT_LIST_QUERY = `query($o: ID!, $size: Int) { alerts(organizationId: $o, first: $size) { nodes { id rule resource severity state labels updatedAt } pageInfo { endCursor } } }`;

async function main() {
  const database = await createDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-soak-'));
  let service: Service | null = null;
  try {
    log(`starting Vigil (child process) on ${new URL(database.url).pathname.slice(1)}…`);
    service = await startService(database.url, dataDir);
    const client = new Client(service.url);
    const { organizations, rules } = await setUp(client, database.url);
    log(`${ORGS} organizations × ${KEYS_PER_ORG} keys × ${TARGETS_PER_ORG} targets × ${STABLE_FINDINGS} alerts; ${CONCURRENCY} workers for ${SECONDS} s`);

    const stats = Object.fromEntries(Object.keys(KINDS).map((k) => [k, { count: 0, errors: 0, latencies: [] as number[] }])) as Record<Kind, KindStats>;
    const errorSamples: string[] = [];
    const totalWeight = Object.values(KINDS).reduce((a, b) => a + b, 0);
    let tick = 0;
    const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)];
    const drawKind = (): Kind => {
      let r = Math.random() * totalWeight;
      for (const [kind, weight] of Object.entries(KINDS) as Array<[Kind, number]>) {
        r -= weight;
        if (r < 0) return kind;
      }
      return 'list-rest';
    };

    /** One request of `kind`; null when that kind has nothing to do right now (every target busy ingesting). */
    const request = (kind: Kind): Promise<{ status: number; body: unknown }> | null => {
      const organization = pick(organizations);
      const key = pick(organization.keys);
      const target = pick(organization.targets);
      const alertId = pick(target.stableAlertIds);
      tick++;
      switch (kind) {
        case 'list-rest':
          return client.call('POST', `/organizations/${organization.id}/alerts?size=50`, key, {});
        case 'list-graphql':
          return client.graphql(key, ALERT_LIST_QUERY, { o: organization.id, size: 50 });
        case 'alert-update':
          return client.call('PUT', `/organizations/${organization.id}/scantargets/${target.scanTargetId}/alerts/${alertId}`, key, {
            state: tick % 2 ? 'IN_PROGRESS' : 'OPEN',
            labels: [`soak-${tick % 7}`],
          });
        case 'comment':
          return client.call('POST', `/organizations/${organization.id}/alerts/${alertId}/comments`, key, { comment: `soak comment ${tick}` });
        case 'ingestion': {
          // One scan at a time per target (a second one would rightly answer 409): another target, or another kind.
          const idle = organizations.flatMap((o) => o.targets).filter((t) => !t.ingesting);
          if (!idle.length) return null;
          const chosen = pick(idle);
          chosen.ingesting = true;
          const owner = organizations.find((o) => o.id === chosen.organizationId)!;
          const document = findingsOf(rules, chosen);
          chosen.scans++;
          return client
            .call('POST', `/organizations/${chosen.organizationId}/scantargets/${chosen.scanTargetId}/findings`, pick(owner.keys), document)
            .finally(() => {
              chosen.ingesting = false;
            });
        }
      }
    };

    const pid = service.pid;
    const inspector = await Inspector.connect(service.inspector);
    const samples: Array<{ second: number; rssMb: number; heapAfterGcMb: number }> = [];
    let started = performance.now();
    /** RSS as the load leaves it, then the live heap after a full collection. */
    const sample = async () => {
      const second = Math.round((performance.now() - started) / 1000);
      const rssMb = rssMegabytes(pid);
      samples.push({ second, rssMb, heapAfterGcMb: await inspector.heapAfterCollection() });
      const done = Object.values(stats).reduce((a, s) => a + s.count, 0);
      log(
        `  ${String(second).padStart(4)} s  rss ${rssMb} MB  heap after gc ${samples.at(-1)!.heapAfterGcMb} MB  requests ${done}  errors ${Object.values(stats).reduce((a, s) => a + s.errors, 0)}`,
      );
    };
    await sample();
    started = performance.now();
    let sampling: Promise<void> = Promise.resolve();
    const sampler = setInterval(() => {
      sampling = sampling.then(sample);
    }, SAMPLE_SECONDS * 1000);
    const endAt = started + SECONDS * 1000;
    const worker = async () => {
      while (performance.now() < endAt) {
        let kind = drawKind();
        let pending = request(kind);
        if (!pending) {
          kind = 'list-rest';
          pending = request(kind)!;
        }
        const begin = performance.now();
        let answer: { status: number; body: unknown };
        try {
          answer = await pending;
        } catch (error) {
          answer = { status: 0, body: String(error) };
        }
        const s = stats[kind];
        s.count++;
        s.latencies.push(performance.now() - begin);
        if (answer.status < 200 || answer.status >= 300) {
          s.errors++;
          if (errorSamples.length < 10) errorSamples.push(`${kind}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    clearInterval(sampler);
    await sampling;
    const elapsed = (performance.now() - started) / 1000;
    await sample();
    inspector.close();

    const percentile = (values: number[], p: number) =>
      values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] : 0;
    const kinds = Object.fromEntries(
      (Object.entries(stats) as Array<[Kind, KindStats]>).map(([kind, s]) => [
        kind,
        {
          requests: s.count,
          perSecond: Math.round((s.count / elapsed) * 10) / 10,
          errors: s.errors,
          p50Ms: Math.round(percentile(s.latencies, 0.5) * 10) / 10,
          p95Ms: Math.round(percentile(s.latencies, 0.95) * 10) / 10,
        },
      ]),
    );
    const errors = Object.values(stats).reduce((a, s) => a + s.errors, 0);
    const requests = Object.values(stats).reduce((a, s) => a + s.count, 0);
    // Plateau: the heap left after a full collection at the end against mid-run (medians of neighbouring samples).
    const medianHeap = (from: number, to: number) => {
      const values = samples
        .filter((s) => s.second >= from && s.second <= to)
        .map((s) => s.heapAfterGcMb)
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)];
    };
    const window = Math.max(SAMPLE_SECONDS * 1.5, elapsed / 10);
    const midHeap = medianHeap(elapsed / 2 - window, elapsed / 2 + window);
    const endHeap = medianHeap(elapsed - 2 * window, elapsed + 1);
    const growthPercent = Math.round(((endHeap - midHeap) / midHeap) * 1000) / 10;
    const plateau = growthPercent < MAX_GROWTH_PERCENT;
    const rss = samples.map((s) => s.rssMb);

    const result = {
      date: new Date().toISOString(),
      /** The machine's 1-minute load average at the end: throughput read against it (2 cores here, shared). */
      loadAverage: Math.round(os.loadavg()[0] * 10) / 10,
      cores: os.cpus().length,
      seconds: Math.round(elapsed),
      concurrency: CONCURRENCY,
      organizations: ORGS,
      keysPerOrganization: KEYS_PER_ORG,
      alertsPerTarget: STABLE_FINDINGS,
      requests,
      perSecond: Math.round((requests / elapsed) * 10) / 10,
      errors,
      errorSamples,
      kinds,
      memory: {
        samples,
        rssStartMb: rss[0],
        rssMaxMb: Math.max(...rss),
        rssEndMb: rss.at(-1),
        heapAfterGcMidMb: midHeap,
        heapAfterGcEndMb: endHeap,
        secondHalfGrowthPercent: growthPercent,
        maxGrowthPercent: MAX_GROWTH_PERCENT,
        plateau,
      },
    };
    const text = [
      `soak ${result.seconds} s, ${CONCURRENCY} workers, ${ORGS} organizations × ${KEYS_PER_ORG} keys: ${requests} requests, ${result.perSecond} req/s, errors=${errors} (load average ${result.loadAverage} on ${result.cores} cores)`,
      ...Object.entries(kinds).map(
        ([kind, k]) => `  ${kind.padEnd(13)} ${String(k.perSecond).padStart(7)} req/s  p50 ${k.p50Ms} ms  p95 ${k.p95Ms} ms  errors ${k.errors}`,
      ),
      `rss MB: ${samples.map((s) => `${s.second}s=${s.rssMb}`).join(' ')}`,
      `heap after gc MB: ${samples.map((s) => `${s.second}s=${s.heapAfterGcMb}`).join(' ')}`,
      `memory: rss ${rss[0]} → max ${Math.max(...rss)} → ${rss.at(-1)} MB; heap after gc mid=${midHeap} MB end=${endHeap} MB: second-half growth ${growthPercent}% (limit ${MAX_GROWTH_PERCENT}%) → ${plateau ? 'plateau' : 'GROWING'}`,
      ...errorSamples.map((e) => `error: ${e}`),
    ].join('\n');
    process.stdout.write(`${text}\n`);
    const results = path.join(ROOT, 'bench', 'results');
    mkdirSync(results, { recursive: true });
    writeFileSync(path.join(results, 'soak-latest.json'), `${JSON.stringify({ ...result, text }, null, 2)}\n`);
    writeFileSync(path.join(results, 'soak-latest.txt'), `${text}\n`);
    process.exitCode = errors === 0 && plateau ? 0 : 1;
  } finally {
    await service?.stop();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

sayLoadAverage('start');
main()
  .finally(() => sayLoadAverage('end'))
  .catch((error) => {
    log(error instanceof Error ? (error.stack ?? error.message) : String(error));
    process.exit(1);
  });
