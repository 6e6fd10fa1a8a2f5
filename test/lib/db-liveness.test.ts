import { type Database, openPostgres } from '../../lib/db';
import { setLogLevel } from '../../lib/log';
import { proxyDatabase, type TcpProxy } from '../support/tcp-proxy';
import { createTestDatabase } from '../support/vigil';

/**
 * A connection being made when the database goes silent is judged by the liveness probe like a statement
 * waiting for its answer: it fails once the probe finds the silence (PROBE_AFTER_MS + the probe's timeout),
 * not after the whole connect timeout. bench:faults saw requests that were opening a connection when the
 * silence began wait 5.02–5.05 s (the default connect timeout) while the others answered 503 at 3.5 s.
 */
jest.setTimeout(60_000);

/** Far longer than the probe needs: a connection failing before it was failed by the probe. */
const CONNECT_TIMEOUT_MS = 20_000;
const PROBE_TIMEOUT_MS = 500;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let proxy: TcpProxy;
let db: Database;

beforeAll(async () => {
  setLogLevel('silent');
  database = await createTestDatabase();
  const proxied = await proxyDatabase(database.url);
  proxy = proxied.proxy;
  db = await openPostgres(proxied.url, { poolSize: 2, connectTimeoutMs: CONNECT_TIMEOUT_MS, probeTimeoutMs: PROBE_TIMEOUT_MS });
});

afterAll(async () => {
  proxy?.resume();
  await db?.close();
  await proxy?.stop();
  await database?.drop();
});

it('fails a connection being made when the database goes silent as soon as the probe finds it, not at the connect timeout', async () => {
  const held = await db.pool.connect(); // the pool's one idle connection: the next needs a new one
  try {
    expect((await held.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    proxy.stall();
    const started = Date.now();
    const error = await db.pool.connect().then(
      (client) => {
        client.release();
        return undefined;
      },
      (e: unknown) => e,
    );
    const tookMs = Date.now() - started;
    expect(error).toBeInstanceOf(Error);
    // 1 s before the probe, 0.5 s for it; the rest is margin for a loaded machine, far below the 20 s connect timeout.
    expect(tookMs).toBeLessThan(8_000);
  } finally {
    held.release(true);
  }
  proxy.resume();
  // Back: once a probe is answered, connections are made again.
  const deadline = Date.now() + 10_000;
  let answered = false;
  while (!answered && Date.now() < deadline) {
    answered = await db.pool.query('SELECT 1').then(
      () => true,
      () => false,
    );
    if (!answered) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(answered).toBe(true);
});
