// The job runner (lib/jobs/, workers/) on real PostgreSQL and on embedded PGlite served through
// pglite-socket to a pool of one connection, as `npm start` runs it.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../lib/config';
import { enqueue, getJob, type JobDatabase, type JobRow, listJobs } from '../../lib/jobs/queue';
import { type JobHandlers, type JobRunner, type JobRunnerOptions, startJobRunner } from '../../lib/jobs/runner';
import { setLogLevel } from '../../lib/log';
import { applyMigrations } from '../../lib/migrate';
import { startWorkers } from '../../workers';
import { startPgliteServer } from '../support/pglite-server';

// Test kinds, merged into the one registry: enqueue and the handlers are type-checked against them.
declare module '../../lib/jobs/kinds' {
  interface JobPayloads {
    'test.echo': { n: number };
    'test.fail': { label: string };
    'test.slow': { ms: number };
  }
}

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres';

interface Backend {
  /** The database the runners use. */
  db: JobDatabase;
  /** Another instance's view of the same database: a second pool on PostgreSQL; the one pool embedded. */
  otherInstance(): JobDatabase;
  close(): Promise<void>;
}

function poolOf(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 0 });
  // The test database is dropped WITH (FORCE) at the end; a cut connection must not crash the run.
  pool.on('error', () => undefined);
  return pool;
}

async function postgresBackend(): Promise<Backend> {
  const name = `vigil_jobs_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pools = [poolOf(url.toString(), 4)];
  await applyMigrations(pools[0], { log: () => undefined });
  return {
    db: { pool: pools[0] },
    otherInstance() {
      const pool = poolOf(url.toString(), 2);
      pools.push(pool);
      return { pool };
    },
    async close() {
      await Promise.all(pools.map((p) => p.end()));
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function embeddedBackend(): Promise<Backend> {
  const server = await startPgliteServer();
  // As lib/db.ts openEmbedded: the one connection pglite-socket accepts, shared by everything.
  const pool = poolOf(server.url, 1);
  await applyMigrations(pool, { log: () => undefined });
  return {
    db: { pool },
    otherInstance: () => ({ pool }),
    async close() {
      await pool.end();
      await server.stop();
    },
  };
}

async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function jobInState(db: JobDatabase, id: string, state: JobRow['state']): Promise<JobRow> {
  return waitFor(`job ${id} ${state}`, async () => {
    const job = await getJob(db, id);
    return job?.state === state ? job : null;
  });
}

jest.setTimeout(120_000);
beforeAll(() => setLogLevel(process.env.TEST_LOG_LEVEL === 'debug' ? 'debug' : 'silent'));

describe.each([
  ['PostgreSQL', postgresBackend],
  ['embedded PGlite (one connection)', embeddedBackend],
])('the job runner on %s', (_name, open) => {
  let backend: Backend;
  let db: JobDatabase;
  const runners: JobRunner[] = [];

  /** A runner stopped after the test (fast polling so tests do not wait on the default second). */
  const runner = (handlers: JobHandlers, options: Omit<JobRunnerOptions, 'handlers'> & { on?: JobDatabase } = {}) => {
    const { on = db, ...rest } = options;
    const started = startJobRunner(on, { pollMs: 50, ...rest, handlers });
    runners.push(started);
    return started;
  };

  beforeAll(async () => {
    backend = await open();
    db = backend.db;
  });
  afterEach(async () => {
    for (const r of runners.splice(0)) await r.stop({ timeoutMs: 0 });
    await db.pool.query('TRUNCATE jobs.jobs');
  });
  afterAll(async () => {
    await backend.close();
  });

  it('runs an enqueued job once with its payload and records it DONE', async () => {
    const seen: number[] = [];
    runner({ 'test.echo': async ({ n }) => void seen.push(n) });
    const { id, enqueued } = await enqueue(db, 'test.echo', { n: 7 });
    expect(enqueued).toBe(true);

    const job = await jobInState(db, id, 'DONE');
    expect(seen).toEqual([7]);
    expect(job).toMatchObject({ kind: 'test.echo', payload: { n: 7 }, attempts: 1, maxAttempts: 1, lockedBy: null, lockedUntil: null, lastError: null });
    expect(job.finishedAt).toBeInstanceOf(Date);
  });

  it('claims at once, not at its next poll, a job enqueued while its empty claim was being answered', async () => {
    // The race behind bench:webhooks' ~1 s stalls: a claim finds nothing, a job is enqueued (its nudge asks the
    // runner to look again) before the runner has read that answer, and the finished poll must not push the
    // nudge back to its next poll. The enqueue is made to land in exactly that window: after the claim
    // statement has answered, before the runner sees the answer.
    let enqueued: Promise<{ id: string }> | null = null;
    const pool = db.pool;
    const racing: JobDatabase = {
      pool: Object.assign(Object.create(pool) as pg.Pool, {
        query: async (text: string, values?: unknown[]) => {
          const result = await pool.query(text, values);
          if (enqueued === null && text.trimStart().startsWith('WITH next AS')) {
            enqueued = enqueue(db, 'test.echo', { n: 1 });
            await enqueued;
          }
          return result;
        },
      }),
    };
    const ranAt: number[] = [];
    runner({ 'test.echo': async () => void ranAt.push(Date.now()) }, { on: racing, pollMs: 60_000 });
    const { id } = await waitFor('the enqueue during a claim', async () => enqueued && (await enqueued));
    // Its next poll is a minute away: only the nudge can run it within the wait.
    await jobInState(db, id, 'DONE');
    expect(ranAt).toHaveLength(1);
  });

  it('does not claim a job before its runAt', async () => {
    // The verdict is the run's own clock (ran no earlier than runAt), not a sleep racing the scheduler; the early
    // look happens 2,600 ms before runAt, a margin that holds on a loaded machine (issue 40 item 6).
    const ranAt: number[] = [];
    runner({ 'test.echo': async () => void ranAt.push(Date.now()) });
    const runAt = new Date(Date.now() + 3_000);
    const { id } = await enqueue(db, 'test.echo', { n: 1 }, { runAt });
    await sleep(400);
    expect(ranAt).toEqual([]);
    expect((await getJob(db, id))?.state).toBe('QUEUED');
    await jobInState(db, id, 'DONE');
    expect(ranAt).toHaveLength(1);
    expect(ranAt[0]).toBeGreaterThanOrEqual(runAt.getTime());
  });

  it('retries a failing job after its declared backoff, then lists it FAILED with its attempts and last error', async () => {
    const attemptsAt: number[] = [];
    runner({
      'test.fail': async ({ label }, { job }) => {
        attemptsAt.push(Date.now());
        throw new Error(`${label} broke on attempt ${job.attempts}`);
      },
    });
    const { id } = await enqueue(db, 'test.fail', { label: 'export' }, { retries: 2, backoff: { delayMs: 300, factor: 2 } });

    const failed = await jobInState(db, id, 'FAILED');
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, lastError: 'export broke on attempt 3', lockedBy: null });
    expect(attemptsAt).toHaveLength(3);
    // Backoff 300 ms then 600 ms (a little slack for clocks: the wait is measured by the database).
    expect(attemptsAt[1] - attemptsAt[0]).toBeGreaterThanOrEqual(250);
    expect(attemptsAt[2] - attemptsAt[1]).toBeGreaterThanOrEqual(550);
    expect((await listJobs(db, { state: 'FAILED' })).map((j) => j.id)).toEqual([id]);
    expect(await listJobs(db, { state: 'QUEUED' })).toEqual([]);
  });

  it("recovers a job whose worker stopped renewing its lease (a crash), another runner runs it, and the lost worker's late outcome changes nothing", async () => {
    let crashedClaims = 0;
    let failLate: (error: Error) => void = () => undefined;
    // The "crashed" worker: claims, never heartbeats (interval longer than the test), and is still
    // hung when its lease expires; its only slot stays busy, so the job comes back only through expiry.
    runner(
      {
        'test.echo': () => {
          crashedClaims++;
          return new Promise<void>((_resolve, reject) => {
            failLate = reject;
          });
        },
      },
      { workerId: 'crashed', leaseMs: 400, heartbeatMs: 60_000 },
    );
    const { id } = await enqueue(db, 'test.echo', { n: 1 }, { retries: 1 });
    await waitFor('the crashed worker to claim', async () => crashedClaims === 1);

    const rescued: string[] = [];
    runner({ 'test.echo': async (_p, { job }) => void rescued.push(job.lockedBy ?? '') }, { workerId: 'rescuer', leaseMs: 400 });
    const done = await jobInState(db, id, 'DONE');
    expect(rescued).toEqual(['rescuer']);
    expect(done.attempts).toBe(2);
    expect(done.lastError).toContain('lease of worker crashed expired');
    expect(crashedClaims).toBe(1);

    // The hung worker wakes up and fails: its claim is gone, so the DONE job stays DONE.
    failLate(new Error('late failure of a lost claim'));
    await sleep(300);
    expect(await getJob(db, id)).toMatchObject({ state: 'DONE', attempts: 2, lastError: done.lastError });
  });

  it('marks a job FAILED when its lease expires on the last attempt, saying why', async () => {
    runner({ 'test.echo': () => new Promise<void>(() => undefined) }, { workerId: 'stuck', leaseMs: 300, heartbeatMs: 60_000 });
    const { id } = await enqueue(db, 'test.echo', { n: 1 });
    const failed = await jobInState(db, id, 'FAILED');
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain('lease of worker stuck expired');
  });

  it('recovers at once, without waiting for its lease, a job held by a process of this host that is gone', async () => {
    const { id } = await enqueue(db, 'test.echo', { n: 1 }, { retries: 1 });
    // Claimed an hour's lease long by a pid no process has (the highest the kernel hands out, plus one).
    const gone = `${os.hostname()}:4194305:abcdef01/0a0b0c`;
    await db.pool.query(`UPDATE jobs.jobs SET state = 'RUNNING', attempts = 1, "lockedBy" = $2, "lockedUntil" = now() + interval '1 hour' WHERE id = $1`, [
      id,
      gone,
    ]);
    const rescued: string[] = [];
    runner({ 'test.echo': async (_p, { job }) => void rescued.push(job.lockedBy ?? '') }, { workerId: 'rescuer' });
    const done = await jobInState(db, id, 'DONE');
    expect(rescued).toEqual(['rescuer']);
    expect(done).toMatchObject({ attempts: 2, lastError: `worker ${gone} stopped before finishing the job (its process is gone)` });
  });

  it('keeps a long job on its runner while the heartbeat renews the lease', async () => {
    const runs: string[] = [];
    const slow = async ({ ms }: { ms: number }, { job }: { job: JobRow }) => {
      runs.push(job.lockedBy ?? '');
      await sleep(ms);
    };
    // The job lasts 2.5 leases. The lease is long enough that a heartbeat queued behind other statements
    // on a loaded machine (one PGlite connection for both runners) still lands in time: at 300 ms it
    // did not always (seen in CI-like runs at load 5+).
    runner({ 'test.slow': slow }, { workerId: 'first', leaseMs: 2_000, heartbeatMs: 250 });
    const { id } = await enqueue(db, 'test.slow', { ms: 5_000 }, { retries: 3 });
    await waitFor('the first runner to claim', async () => runs.length === 1);
    // A second instance polling all along: it would take the job over if the lease ever expired.
    runner({ 'test.slow': slow }, { on: backend.otherInstance(), workerId: 'second', leaseMs: 2_000 });

    const done = await jobInState(db, id, 'DONE');
    expect(runs).toEqual(['first']);
    expect(done.attempts).toBe(1);
  });

  it('enqueues a job with a singletonKey once while it waits or runs, and again after it is done', async () => {
    const first = await enqueue(db, 'test.echo', { n: 1 }, { singletonKey: 'target-1:2026-11-23T04:00' });
    const again = await enqueue(backend.otherInstance(), 'test.echo', { n: 2 }, { singletonKey: 'target-1:2026-11-23T04:00' });
    const otherKey = await enqueue(db, 'test.echo', { n: 3 }, { singletonKey: 'target-2:2026-11-23T04:00' });
    expect(first.enqueued).toBe(true);
    expect(again).toEqual({ id: first.id, enqueued: false });
    expect(otherKey.enqueued).toBe(true);
    expect((await listJobs(db)).map((j) => j.payload).sort((a, b) => (a as { n: number }).n - (b as { n: number }).n)).toEqual([{ n: 1 }, { n: 3 }]);

    const seen: number[] = [];
    runner({ 'test.echo': async ({ n }) => void seen.push(n) });
    await jobInState(db, first.id, 'DONE');
    await jobInState(db, otherKey.id, 'DONE');
    const later = await enqueue(db, 'test.echo', { n: 4 }, { singletonKey: 'target-1:2026-11-23T04:00' });
    expect(later.enqueued).toBe(true);
    await jobInState(db, later.id, 'DONE');
    expect(seen.sort()).toEqual([1, 3, 4]);
  });

  it('runs each job exactly once when several runners on several instances compete for them', async () => {
    const total = 200;
    const handledBy = new Map<number, string[]>();
    const handlers = (workerId: string): JobHandlers => ({
      'test.echo': async ({ n }) => {
        handledBy.set(n, [...(handledBy.get(n) ?? []), workerId]);
        await sleep(Math.random() * 3);
      },
    });
    for (let i = 0; i < 4; i++) {
      const workerId = `runner-${i}`;
      runner(handlers(workerId), { on: i === 0 ? db : backend.otherInstance(), workerId, concurrency: 3, pollMs: 10 });
    }
    await Promise.all(Array.from({ length: total }, (_, n) => enqueue(db, 'test.echo', { n })));

    await waitFor(
      'every job DONE',
      async () => {
        const { rows } = await db.pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs.jobs WHERE state = 'DONE'`);
        return rows[0].n === total;
      },
      60_000,
    );
    expect(handledBy.size).toBe(total);
    const twice = [...handledBy].filter(([, by]) => by.length !== 1);
    expect(twice).toEqual([]);
    const { rows } = await db.pool.query<{ attempts: number; n: number }>(`SELECT attempts, count(*)::int AS n FROM jobs.jobs GROUP BY attempts`);
    expect(rows).toEqual([{ attempts: 1, n: total }]);
    // Competition really happened: more than one runner got work.
    expect(new Set([...handledBy.values()].flat()).size).toBeGreaterThan(1);
  });

  it('on graceful stop finishes the jobs that end in time and releases the others for another runner', async () => {
    const aborted: string[] = [];
    const stopping = runner(
      {
        'test.slow': async ({ ms }, { signal, job }) => {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, ms);
            signal.addEventListener('abort', () => {
              clearTimeout(timer);
              aborted.push(job.id);
              resolve();
            });
          });
        },
      },
      { workerId: 'stopping', concurrency: 2 },
    );
    const short = await enqueue(db, 'test.slow', { ms: 200 });
    const long = await enqueue(db, 'test.slow', { ms: 60_000 });
    await waitFor('both jobs claimed', async () => (await listJobs(db, { state: 'RUNNING' })).length === 2);

    expect(await stopping.stop({ timeoutMs: 1_000 })).toEqual({ finished: 1, released: 1 });
    expect(aborted).toEqual([long.id]);
    expect(await getJob(db, short.id)).toMatchObject({ state: 'DONE', attempts: 1 });
    // Released, not failed: waiting again at once, the interrupted attempt not counted.
    expect(await getJob(db, long.id)).toMatchObject({ state: 'QUEUED', attempts: 0, lockedBy: null, lastError: null });

    const finished: string[] = [];
    runner({ 'test.slow': async (_p, { job }) => void finished.push(job.id) }, { on: backend.otherInstance(), workerId: 'next' });
    await jobInState(db, long.id, 'DONE');
    expect(finished).toEqual([long.id]);
  });

  it('purges DONE jobs older than keepDays with the jobs.purge worker and keeps FAILED ones visible', async () => {
    const old = await enqueue(db, 'test.echo', { n: 1 });
    const recent = await enqueue(db, 'test.echo', { n: 2 });
    const failed = await enqueue(db, 'test.fail', { label: 'kept' });
    await db.pool.query(`UPDATE jobs.jobs SET state = 'DONE', "finishedAt" = now() - interval '8 days' WHERE id = $1`, [old.id]);
    await db.pool.query(`UPDATE jobs.jobs SET state = 'DONE', "finishedAt" = now() - interval '6 days' WHERE id = $1`, [recent.id]);
    await db.pool.query(`UPDATE jobs.jobs SET state = 'FAILED', "finishedAt" = now() - interval '30 days' WHERE id = $1`, [failed.id]);

    const workers = startWorkers(db, { kinds: ['jobs.purge'], pollMs: 50 });
    runners.push(workers as JobRunner);
    const purge = await enqueue(db, 'jobs.purge', { keepDays: 7 });
    await jobInState(db, purge.id, 'DONE');
    expect(await getJob(db, old.id)).toBeNull();
    expect((await getJob(db, recent.id))?.state).toBe('DONE');
    expect((await getJob(db, failed.id))?.state).toBe('FAILED');
  });

  it('runs only the kinds VIGIL_WORKERS names', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-workers-'));
    const config = (value?: string) =>
      loadConfig({ VIGIL_SECRET: 'x', VIGIL_DATA_DIR: dataDir, ...(value === undefined ? {} : { VIGIL_WORKERS: value }) }).workers;
    try {
      expect(config()).toBe('all');
      expect(config('all')).toBe('all');
      expect(config('none')).toEqual([]);
      expect(config(' test.echo , test.slow ')).toEqual(['test.echo', 'test.slow']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }

    const ran: string[] = [];
    const handlers: JobHandlers = {
      'test.echo': async () => void ran.push('test.echo'),
      'test.fail': async () => void ran.push('test.fail'),
    };
    expect(startWorkers(db, { kinds: config('none') as string[], handlers })).toBeNull();
    expect(() => startWorkers(db, { kinds: ['test.echo', 'test.typo'], handlers })).toThrow('VIGIL_WORKERS names unknown job kinds: test.typo');

    const workers = startWorkers(db, { kinds: ['test.echo'], handlers, pollMs: 50 });
    expect(workers?.kinds).toEqual(['test.echo']);
    runners.push(workers as JobRunner);
    const echo = await enqueue(db, 'test.echo', { n: 1 });
    const other = await enqueue(db, 'test.fail', { label: 'not mine' });
    await jobInState(db, echo.id, 'DONE');
    await sleep(300);
    expect(ran).toEqual(['test.echo']);
    expect((await getJob(db, other.id))?.state).toBe('QUEUED');
  });
});
