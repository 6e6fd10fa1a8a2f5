import http from 'node:http';
import express from 'express';
import { createHttpTerminator } from 'http-terminator';
import { accessLog } from '../lib/access-log';
import { answerClientErrors } from '../lib/client-errors';
import type { VigilConfig } from '../lib/config';
import { httpServerOptions, listen } from '../lib/http-server';
import { useCollapsedSlashes } from './collapse-slashes';
import { useCors } from './cors';
import { useHttpMetrics } from './metrics';
import { useRequestId } from './request-id';
import { useSecurityHeaders } from './security-headers';

/**
 * The gateway's Express app with what every request goes through first, whatever it asks for: its
 * metrics, its id, the access log, `//` collapsed, the security headers and CORS; `first` before all of them
 * (the API key's lookup started: gateway/authenticate.ts startAuthentication).
 */
export function createHttpApp(config: Pick<VigilConfig, 'trustProxy' | 'corsOrigins'>, first?: express.RequestHandler): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag: Express would hash every answer (an alert page is ~85 KB) for a validator no client sends back.
  app.set('etag', false);
  // VIGIL_TRUST_PROXY: whose X-Forwarded-* headers count (req.protocol, req.host, req.ip); by default nobody's.
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'simple');
  if (first) app.use(first);
  app.use(
    useHttpMetrics(),
    useRequestId(),
    accessLog('gateway', (_req, res) => (res as express.Response).locals.requestId as string),
    useCollapsedSlashes(),
  );
  // nosniff, framing refused, no referrer, a CSP (the pages set their own) and no-store: gateway/security-headers.ts
  app.use(useSecurityHeaders());
  const corsPolicy = useCors(config.corsOrigins);
  if (corsPolicy) app.use(corsPolicy);
  return app;
}

/** The gateway's HTTP server, listening. */
export interface ListeningHttp {
  server: http.Server;
  port: number;
  /** No new connection, idle keep-alive sockets closed, in-flight requests answered (bounded), then the rest cut. */
  terminate(): Promise<void>;
}

/** Serves `app` on VIGIL_PORT once `beforeListening` has settled, with node:http's timeouts and malformed requests answered. */
export async function listenHttp(
  app: express.Express,
  config: Pick<VigilConfig, 'limits' | 'shutdownTimeoutMs' | 'port' | 'host'>,
  beforeListening?: Promise<unknown>,
): Promise<ListeningHttp> {
  const server = http.createServer(httpServerOptions(config.limits.timeouts), app);
  answerClientErrors(server);
  // Shutdown (http-terminator): no new connection, idle keep-alive sockets closed, in-flight requests
  // answered (with `Connection: close`) for up to VIGIL_SHUTDOWN_TIMEOUT_MS, then the rest cut.
  const terminator = createHttpTerminator({ server, gracefulTerminationTimeout: config.shutdownTimeoutMs });
  await beforeListening;
  const port = await listen(server, config.port, config.host);
  return { server, port, terminate: () => terminator.terminate() };
}
