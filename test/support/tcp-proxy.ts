import net from 'node:net';

/**
 * A TCP proxy in front of a server (the shared PostgreSQL), to stop and restart "the database" a
 * service sees without touching the server other tests use: `stop()` refuses new connections and
 * cuts open ones, `start()` serves again on the same port. `stall()` makes the database silent
 * instead: connections stay open and new ones are accepted, but no byte is forwarded either way (a
 * frozen server or a network dropping packets), until `resume()` forwards again what was held (the
 * server thaws, the network heals).
 */
export interface TcpProxy {
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  stall(): void;
  resume(): void;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let stalled = false;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    // A paused socket is not read: its bytes wait in the kernel (the sender sees an open, silent peer). After
    // pipe(), which resumes its source: paused before it, a connection opened while stalled was forwarded at once.
    if (stalled) for (const socket of [client, upstream]) socket.pause();
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as net.AddressInfo).port);
      });
    });
  const port = await listen(0);
  return {
    port,
    async stop() {
      if (!server.listening) return;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    async start() {
      await listen(port);
    },
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
    },
  };
}

/** A proxy in front of the database of `databaseUrl`, and the URL a service reaches that database by through it. */
export async function proxyDatabase(databaseUrl: string): Promise<{ proxy: TcpProxy; url: string }> {
  const direct = new URL(databaseUrl);
  const proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(databaseUrl);
  viaProxy.port = String(proxy.port);
  return { proxy, url: viaProxy.toString() };
}
