import type http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(server: http.Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Slow clients (slowloris) may not hold a connection open: node:http's timeouts, in milliseconds (0 = none). */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
}

/**
 * Options for http.createServer: a client must send its headers within headersMs and its whole
 * request within requestMs (408 otherwise), and an idle kept-alive connection closes after
 * keepAliveMs. Node checks the first two every connectionsCheckingInterval (30 s by default, too
 * coarse for a headers timeout of a few seconds).
 */
export function httpServerOptions(timeouts: ServerTimeouts | undefined): http.ServerOptions {
  if (!timeouts) return {};
  const checked = [timeouts.headersMs, timeouts.requestMs].filter((ms) => ms > 0);
  return {
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionsCheckingInterval: Math.max(100, Math.min(30_000, ...checked.map((ms) => Math.floor(ms / 4)))),
  };
}
