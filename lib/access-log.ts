import type http from 'node:http';
import { pinoHttp } from 'pino-http';
import { logger } from './log';

/**
 * One access-log line per HTTP request (pino-http): method, path (no query string), status, duration
 * and the request id — the gateway's own, or for a subgraph the id the gateway passed it — so a
 * request can be followed from the gateway into every subgraph it called. Health checks and metric
 * scrapes are not logged; headers never are (the API key is in one).
 */
export function accessLog(service: string, requestIdOf: (req: http.IncomingMessage, res: http.ServerResponse) => string) {
  return pinoHttp({
    logger: logger.child({ service }),
    genReqId: (req, res) => requestIdOf(req, res),
    customAttributeKeys: { responseTime: 'ms' },
    customProps: (req) => ({ requestId: (req as http.IncomingMessage & { id?: unknown }).id }),
    // 503 is a dependency away (database, a subgraph), answered as designed: warn, as lib/error-log.ts
    // classifies it. Any other 5xx or a failed response is an error.
    customLogLevel: (_req, res, error) => (res.statusCode === 503 ? 'warn' : error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    autoLogging: { ignore: (req) => /^\/(healthz|readyz|metrics)(\?|$)/.test(req.url ?? '') },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
      // The serializer gets pino's wrapper of the response; its `raw` is the response itself.
      res: (res: { raw?: http.ServerResponse; statusCode?: number }) => ({ status: res.raw?.statusCode ?? res.statusCode }),
    },
  });
}
