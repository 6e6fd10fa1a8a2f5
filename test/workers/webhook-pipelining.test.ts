import net, { type AddressInfo } from 'node:net';
import { type Account, startTestVigil, type TestVigil } from '../support/vigil';

/**
 * workers/webhook-deliver.ts keeps up with a slow receiver: a webhook's events are POSTed several at a
 * time on one keep-alive connection (HTTP/1.1 pipelining), so a backlog of N events costs about N/16
 * round trips rather than N, while they still arrive in log order; a failure in the middle of what
 * was sent stops there, and the failed event and everything sent behind it come again after the
 * backoff, in order, nothing lost.
 */

interface Arrival {
  id: string;
  /** Requests the receiver was holding (received, not yet answered) when this one arrived, itself included. */
  held: number;
  answered: number;
}

/**
 * A receiver that reads requests as they come on its connections, pipelined ones included (Node's own
 * http server reads the next request of a connection only after answering the one before, so it would
 * hide the pipeline), and answers each `delayMs` after it arrived, in arrival order per connection, with
 * the status its plan says. A minimal HTTP/1.1 reader: Content-Length bodies only, as Vigil sends.
 */
class SlowReceiver {
  readonly arrivals: Arrival[] = [];
  held = 0;
  /** Status per arrival number (1-based); 200 otherwise. */
  readonly plan = new Map<number, number>();
  private readonly sockets = new Set<net.Socket>();
  private readonly server = net.createServer((socket) => {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    let answering = Promise.resolve();
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffer.subarray(0, end).toString('latin1');
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        buffer = buffer.subarray(end + 4 + length);
        const id = /\r\nwebhook-id: *([^\r]+)/i.exec(head)?.[1] ?? '';
        this.held++;
        const answered = this.plan.get(this.arrivals.length + 1) ?? 200;
        this.arrivals.push({ id, held: this.held, answered });
        const due = new Promise((resolve) => setTimeout(resolve, this.delayMs));
        // Answers leave in the order the requests came (HTTP/1.1), each no sooner than its delay.
        answering = answering.then(async () => {
          await due;
          this.held--;
          if (!socket.destroyed) socket.write(`HTTP/1.1 ${answered} X\r\ncontent-length: 2\r\n\r\nok`);
        });
      }
    });
  });
  port = 0;

  constructor(private readonly delayMs: number) {}

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }
  close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

let t: TestVigil;

async function until<T>(what: string, probe: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** N events committed at once (one transaction, so one wake finds them all pending); their ids in log order. */
async function writeEvents(account: Account, n: number): Promise<string[]> {
  const { rows } = await t.vigil.db.pool.query<{ id: string }>(
    `INSERT INTO documents.events (id, "organizationId", name, source, data)
     SELECT gen_random_uuid(), $1, 'ScanTargetUpdated', 'service.scanTarget', jsonb_build_object('n', i) FROM generate_series(1, $2) i
     RETURNING id, seq`,
    [account.organizationId, n],
  );
  const { rows: ordered } = await t.vigil.db.pool.query<{ id: string }>(`SELECT id FROM documents.events WHERE id = ANY($1::uuid[]) ORDER BY seq`, [
    rows.map((r) => r.id),
  ]);
  return ordered.map((r) => r.id);
}

async function register(account: Account, url: string): Promise<{ id: string; secret: string }> {
  const created = await t.rest('POST', `/organizations/${account.organizationId}/webhooks`, {
    key: account.apiKey,
    body: { url, eventNames: ['ScanTargetUpdated'] },
  });
  expect(created.status).toBe(200);
  return created.body;
}

beforeAll(async () => {
  t = await startTestVigil({
    VIGIL_WORKERS: 'all',
    VIGIL_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    VIGIL_WEBHOOK_POLL_MS: '50',
    VIGIL_WEBHOOK_BACKOFF_MS: '100',
    VIGIL_WEBHOOK_BACKOFF_MAX_MS: '200',
    VIGIL_WEBHOOK_TIMEOUT_MS: '5000',
    VIGIL_RATE_LIMIT_PER_KEY: '0',
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

it('delivers a backlog to a slow receiver many POSTs at a time, in log order', async () => {
  // 40 ms an answer: one at a time, 64 events are 64 round trips; 16 in flight, about 64/16 + the slow start's 4.
  const receiver = new SlowReceiver(40);
  await receiver.start();
  try {
    const admin = await t.bootstrap('pipeline@hooks.example', 'Pipeline Org');
    const hook = await register(admin, `http://127.0.0.1:${receiver.port}/slow`);
    const ids = await writeEvents(admin, 64);
    await until('every event', () => receiver.arrivals.length >= ids.length);
    expect(receiver.arrivals.map((a) => a.id)).toEqual(ids);
    // Round trips, counted: an arrival that found nothing held started a new round trip. One at a time (the
    // old loop) every arrival does (64, held max 1); pipelined, the window grows 1, 2, 4, 8, 16.
    const rounds = receiver.arrivals.filter((a) => a.held === 1).length;
    const deepest = Math.max(...receiver.arrivals.map((a) => a.held));
    expect(deepest).toBeGreaterThanOrEqual(8);
    expect(deepest).toBeLessThanOrEqual(16);
    expect(rounds).toBeLessThanOrEqual(12);
    const log = await until('every delivery logged', async () => {
      const got = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${hook.id}/deliveries?size=1000`, { key: admin.apiKey });
      return got.body.data.length >= ids.length && got;
    });
    expect(log.body.data).toHaveLength(64);
    expect(log.body.data.every((d: { status: string; attempt: number }) => d.status === 'DELIVERED' && d.attempt === 1)).toBe(true);
  } finally {
    await receiver.close();
  }
}, 90_000);

it('retries a failure in the middle of the pipeline from the failed event on, in order, nothing lost', async () => {
  const receiver = new SlowReceiver(20);
  // Arrival 20 is in the window of 16 (arrivals 16–31 after the slow start's 1 + 2 + 4 + 8): the ones sent behind it are answered 200.
  receiver.plan.set(20, 503);
  await receiver.start();
  try {
    const admin = await t.bootstrap('midfail@hooks.example', 'Mid Failure Org');
    const hook = await register(admin, `http://127.0.0.1:${receiver.port}/flaky`);
    const ids = await writeEvents(admin, 48);
    const failed = ids[19];
    // 48 delivered + 1 failed attempt logged.
    const log = await until('every attempt logged', async () => {
      const got = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${hook.id}/deliveries?size=1000`, { key: admin.apiKey });
      return got.body.data.length >= ids.length + 1 && got.body;
    });
    const state = await t.rest('GET', `/organizations/${admin.organizationId}/webhooks/${hook.id}`, { key: admin.apiKey });
    expect(state.body).toMatchObject({ enabled: true, consecutiveFailures: 0 });
    const arrivals = receiver.arrivals.map((a) => a.id);
    expect(arrivals.every((id) => ids.includes(id))).toBe(true);
    // In order up to the failure; then, after the retry of the failed event, the rest in order once more.
    const retry = arrivals.indexOf(failed, 20);
    expect(arrivals.slice(0, 20)).toEqual(ids.slice(0, 20));
    expect(arrivals.slice(retry)).toEqual(ids.slice(19));
    // Sent behind the failure before it was known: each of those came again, none beyond the 16 in flight.
    const ahead = arrivals.slice(20, retry);
    expect(ahead).toEqual(ids.slice(20, 20 + ahead.length));
    expect(ahead.length).toBeGreaterThan(0);
    expect(ahead.length).toBeLessThanOrEqual(15);
    // Each event answered 2xx; the first arrival of each is in log order.
    const firsts = arrivals.filter((id, i) => arrivals.indexOf(id) === i);
    expect(firsts).toEqual(ids);
    // The delivery log: one failed attempt, then the event delivered at attempt 2; nothing sent ahead is logged as delivered before it.
    const attempts = [...log.data].reverse().map((d: { eventId: string; attempt: number; status: string }) => [d.eventId, d.attempt, d.status]);
    expect(attempts).toEqual([
      ...ids.slice(0, 19).map((id) => [id, 1, 'DELIVERED']),
      [failed, 1, 'FAILED'],
      [failed, 2, 'DELIVERED'],
      ...ids.slice(20).map((id) => [id, 1, 'DELIVERED']),
    ]);
  } finally {
    await receiver.close();
  }
}, 90_000);
