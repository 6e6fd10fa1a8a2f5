import pg from 'pg';
import { createEventHorizon } from '../../lib/event-horizon';
import { EventTail } from '../../lib/event-tail';
import { openWakeChannel } from '../../lib/event-wake';
import { startWebhookWake } from '../../workers/webhook-wake';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * lib/event-horizon.ts: the process's one horizon. A wake is answered by one read of the log's end for
 * the live tail and the webhook wake together, and an answer always comes from a read that started
 * after the question, so a commit the caller has seen is never missed.
 */
let t: TestVigil;
let account: Account;

/** A pool of our own (its own horizon, apart from the running service's), counting what it asks. */
function countingPool(): { pool: pg.Pool; seqReads: () => number; statements: Array<{ text: string; done: Promise<unknown> }> } {
  const pool = new pg.Pool({ connectionString: t.databaseUrl, max: 4 });
  // As lib/db's pools: an idle connection the server ends (57P01; one clean-clone CI run met it mid-test, its cause
  // not found) is dropped by pg-pool and replaced, not an unhandled 'error' that fails whatever test is running.
  pool.on('error', () => undefined);
  const statements: Array<{ text: string; done: Promise<unknown> }> = [];
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
  (pool as { query: unknown }).query = (...args: unknown[]) => {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
    const done = query(...args);
    statements.push({ text, done: done.catch(() => undefined) });
    return done;
  };
  return { pool, statements, seqReads: () => statements.filter((s) => s.text.includes('events_seq_seq')).length };
}

async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const insert = `INSERT INTO documents.events (id, "organizationId", name, source, data) VALUES (gen_random_uuid(), $1, 'ScanTargetUpdated', 'service.scanTarget', '{}') RETURNING seq::text AS seq`;

beforeAll(async () => {
  t = await startTestVigil();
  account = await t.bootstrap('horizon@events.example', 'Horizon Org');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

it('answers a call made while a read is out with a read that starts after it', async () => {
  const { pool, statements } = countingPool();
  const holder = await pool.connect();
  try {
    const horizon = createEventHorizon(pool);
    await holder.query('BEGIN');
    const held = BigInt((await holder.query(insert, [account.organizationId])).rows[0].seq);
    // The first read has read the sequence and waits for the open transaction to end.
    const first = horizon.advance();
    await until('the first read waiting', () => statements.some((s) => s.text.includes('pg_stat_activity')));
    const committed = BigInt((await pool.query(insert, [account.organizationId])).rows[0].seq);
    expect(committed).toBeGreaterThan(held);
    const second = horizon.advance();
    await holder.query('COMMIT');
    expect(BigInt(await first)).toBeGreaterThanOrEqual(held);
    // Before: the second call shared the read already out and got `held`, missing the event it had just seen committed.
    expect(BigInt(await second)).toBeGreaterThanOrEqual(committed);
  } finally {
    holder.release();
    await pool.end();
  }
});

it('shares one read among the calls of one turn', async () => {
  const { pool, seqReads } = countingPool();
  try {
    const horizon = createEventHorizon(pool);
    const committed = BigInt((await pool.query(insert, [account.organizationId])).rows[0].seq);
    const answers = await Promise.all([horizon.advance(), horizon.advance(), horizon.advance()]);
    expect(seqReads()).toBe(1);
    for (const answer of answers) expect(BigInt(answer)).toBeGreaterThanOrEqual(committed);
  } finally {
    await pool.end();
  }
});

it('makes one read of the log end per wake for the live tail and the webhook wake together', async () => {
  const { pool, seqReads, statements } = countingPool();
  const channel = openWakeChannel({ mode: 'process', redisPrefix: 'horizon-test:' });
  const tail = new EventTail(pool, () => 3_600_000);
  channel.onWake(() => tail.wake());
  const wake = startWebhookWake({ pool }, { pollMs: 3_600_000 }, channel);
  try {
    // The start: the webhook wake's first pass (its due-webhooks query done) and the tail's first read.
    const due = await until('the first pass', () => statements.find((s) => s.text.includes('documents.webhooks w')));
    await due.done;
    await new Promise((resolve) => setImmediate(resolve));
    await tail.start();
    const before = seqReads();
    channel.publish();
    await wake.stop();
    await tail.close();
    // Before: two, the tail's and the wake's.
    expect(seqReads() - before).toBe(1);
  } finally {
    await wake.stop();
    await tail.close();
    await channel.close();
    await pool.end();
  }
});
