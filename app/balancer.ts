import http from 'node:http';
import type { Duplex } from 'node:stream';
import { createProxyServer } from 'http-proxy-3';
import { HTTP_STATUS } from '../lib/errors';
import { log } from '../lib/log';

/**
 * The cluster's load balancer (`npm run start:cluster`): round robin over the gateway replicas whose
 * /healthz answered at the last check (every `healthEveryMs`), WebSocket upgrades too. Not /readyz:
 * a replica is unready while any subgraph is down, yet still serves what does not need that one.
 *
 * A replica that fails a request (refused, or died mid-request) is taken out of the rotation at once.
 * A GET or HEAD it failed before answering is sent once more, to another ready replica (idempotent:
 * the client cannot tell); any other request, or one with no replica left, is answered 503 with
 * `Retry-After: 1` (never a bare 502: the client may retry, the write may not have happened). A
 * replica that had started its answer (a live stream) can only be cut off: the client's connection
 * is closed with it.
 */
export interface Balancer {
  server: http.Server;
  /** Health checks once now (the first check also runs at start). */
  check(): Promise<void>;
  /** No new connection; requests and streams in flight go on (the replicas end them as they stop). */
  stopAccepting(): void;
  /** Every connection closed. */
  close(): Promise<void>;
}

interface Replica {
  url: string;
  ready: boolean;
}

const IDEMPOTENT = new Set(['GET', 'HEAD']);

function unavailable(res: http.ServerResponse, message: string): void {
  const { status, error } = HTTP_STATUS.SERVICE_UNAVAILABLE;
  res.writeHead(status, { 'content-type': 'application/json', 'retry-after': '1' }).end(JSON.stringify({ statusCode: status, error, message }));
}

export function createBalancer(urls: string[], healthEveryMs: number): Balancer {
  const replicas: Replica[] = urls.map((url) => ({ url, ready: false }));
  const check = async () => {
    await Promise.all(
      replicas.map(async (replica) => {
        replica.ready = await fetch(`${replica.url}/healthz`, { signal: AbortSignal.timeout(healthEveryMs * 2) }).then(
          (answer) => answer.ok,
          () => false,
        );
      }),
    );
  };
  const health = setInterval(() => void check(), healthEveryMs);
  void check();
  let next = 0;
  const pick = (except?: Replica): Replica | null => {
    const others = replicas.filter((replica) => replica !== except);
    let ready = others.filter((replica) => replica.ready);
    // None answered its last health check (a check can time out on a busy machine: seen under
    // bench:faults): try them all rather than refuse; one that is really down fails fast (refused).
    if (!ready.length && except === undefined) ready = others;
    if (!ready.length) return null;
    next = (next + 1) % ready.length;
    return ready[next];
  };

  // X-Forwarded-For/-Proto/-Host added: the replicas see every request come from loopback, and must
  // know it was proxied (/metrics serves loopback callers only when they are direct: gateway/metrics.ts).
  // They count for addresses and links only where VIGIL_TRUST_PROXY trusts the balancer.
  const proxy = createProxyServer({ xfwd: true, ws: true });
  // A replica that dies while streaming (SSE) ends its answer unfinished; http-proxy-3 would leave the
  // client's answer open forever, so the client is cut too and resumes from its cursor elsewhere.
  proxy.on('proxyRes', (proxyRes, _req, res) => {
    proxyRes.once('close', () => {
      if (!proxyRes.complete) res.destroy();
    });
  });
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, replica: Replica, retried: boolean) => {
    // A replica tried while none had answered its health check (starting up) failing is no news.
    const report = replica.ready ? log.warn : log.debug;
    proxy.web(req, res, { target: replica.url }, (error) => {
      // The client went away (its abort also fails the proxied request): nothing to answer, no one to blame.
      if (req.socket.destroyed && !res.headersSent) return;
      // Out of the rotation until its health check answers again.
      replica.ready = false;
      if (res.headersSent || res.destroyed) {
        report('load balancer: a replica failed while answering; connection cut', { replica: replica.url, error: error.message });
        res.destroy();
        return;
      }
      const other = !retried && IDEMPOTENT.has(req.method ?? '') ? pick(replica) : null;
      report('load balancer: a replica failed a request', { replica: replica.url, error: error.message, retried: other ? other.url : false });
      if (other) return forward(req, res, other, true);
      unavailable(res, 'The gateway replica failed; retry');
    });
  };
  const server = http.createServer((req, res) => {
    const replica = pick();
    if (!replica) return unavailable(res, 'No gateway replica is ready yet; retry');
    forward(req, res, replica, false);
  });
  server.on('upgrade', (req, socket: Duplex, head) => {
    const replica = pick();
    if (!replica) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
      return;
    }
    proxy.ws(req, socket, head, { target: replica.url }, () => {
      replica.ready = false;
      socket.destroy();
    });
  });
  let closed: Promise<void> | undefined;
  const stopAccepting = () => {
    clearInterval(health);
    closed ??= new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
  };
  return {
    server,
    check,
    stopAccepting,
    async close() {
      stopAccepting();
      server.closeAllConnections();
      await closed;
      proxy.close();
    },
  };
}
