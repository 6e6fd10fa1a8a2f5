import net from 'node:net';
import { openPostgres } from '../../lib/db';
import { setLogLevel } from '../../lib/log';
import { startTcpProxy } from '../support/tcp-proxy';
import { TEST_DATABASE_URL } from '../support/vigil';

/**
 * Connections that a database cut, at start-up and while in use.
 * A start-up that meets a slow database waits for it (CI's stop-signals run once gave up on one
 * connection that took more than 5 s under load: "timeout expired", Vigil failed to start); one that
 * meets a refusal fails at once, as the cluster's preflight and an operator expect.
 */
jest.setTimeout(60_000);
beforeAll(() => setLogLevel('silent'));

/**
 * A database in front of the test PostgreSQL that holds something until `answer()`, then passes everything on:
 * `connections` — it accepts and says nothing (the client's connect timeout decides); `statements` — it answers
 * the handshake but drops the simple-protocol queries ('Q' messages, counted by `held()`): a server that accepts
 * sessions and is too busy to run a statement.
 */
async function heldUntilAnswered(holds: 'connections' | 'statements'): Promise<{ url: string; answer(): void; held(): number; close(): Promise<void> }> {
  const target = new URL(TEST_DATABASE_URL);
  let answering = false;
  let held = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  };
  const server = net.createServer((client) => {
    track(client);
    if (holds === 'connections' && !answering) return;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    track(upstream);
    client.on('data', (chunk: Buffer) => {
      if (holds === 'statements' && !answering && chunk[0] === 0x51 /* Q */) {
        held++;
        return; // the statement is never sent on this connection
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(TEST_DATABASE_URL);
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    answer: () => {
      answering = true;
    },
    held: () => held,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

it('waits for a database that is slow to answer at start-up, then opens', async () => {
  const server = await heldUntilAnswered('connections');
  setTimeout(() => server.answer(), 2_500);
  const started = Date.now();
  const db = await openPostgres(server.url, { connectTimeoutMs: 500, poolSize: 2 });
  try {
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(2_000); // it did meet the silence (not opened before the answer)
    expect((await db.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await db.close();
    await server.close();
  }
});

it('waits at start-up for a first statement that outlasts the query timeout, on a new connection', async () => {
  const server = await heldUntilAnswered('statements');
  setTimeout(() => server.answer(), 2_500);
  let db: Awaited<ReturnType<typeof openPostgres>> | undefined;
  try {
    db = await openPostgres(server.url, { connectTimeoutMs: 5_000, queryTimeoutMs: 500, poolSize: 2 });
    expect(server.held()).toBeGreaterThanOrEqual(1); // the first try's statement did time out
    expect((await db.pool.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
  } finally {
    await db?.close();
    await server.close();
  }
});

it('fails at once when the database refuses the connection', async () => {
  const closed = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const url = new URL(TEST_DATABASE_URL);
  url.port = String(closed);
  const started = Date.now();
  await expect(openPostgres(url.toString(), { connectTimeoutMs: 500, poolSize: 2 })).rejects.toThrow(/ECONNREFUSED/);
  expect(Date.now() - started).toBeLessThan(5_000);
});

it("a connection cut while its client is checked out fails that client's queries, not the process", async () => {
  const target = new URL(TEST_DATABASE_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(TEST_DATABASE_URL);
  url.port = String(proxy.port);
  const db = await openPostgres(url.toString(), { connectTimeoutMs: 2_000, poolSize: 2 });
  const uncaught: Error[] = [];
  const listeners = process.listeners('uncaughtException');
  process.removeAllListeners('uncaughtException');
  process.on('uncaughtException', (error) => uncaught.push(error));
  try {
    const client = await db.pool.connect(); // checked out, as a transaction holds it
    await client.query('BEGIN');
    await proxy.stop(); // PostgreSQL gone: the open connection is cut
    await new Promise((resolve) => setTimeout(resolve, 200));
    await expect(client.query('select 1')).rejects.toThrow();
    client.release();
    expect(uncaught.map((error) => error.message)).toEqual([]);
    await proxy.start(); // back: the pool connects anew
    expect((await db.pool.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
  } finally {
    process.removeAllListeners('uncaughtException');
    for (const listener of listeners) process.on('uncaughtException', listener);
    await db.close();
    await proxy.stop();
  }
});
