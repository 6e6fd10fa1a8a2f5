import type express from 'express';
import { ipKeyGenerator, MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import type { RequestLimits, VigilConfig } from './config';
import type { Principal } from './principal';
import type { RedisRateLimitStores } from './rate-limit-store';
import { refuse } from './refuse';

/** The limits (VIGIL_RATE_LIMIT_*) and where the counts are kept: Redis when REDIS_URL is set. */
export type RateLimitSettings = RequestLimits['rateLimit'] & { redisUrl?: string };

/** A process's rate-limit settings from its configuration. */
export function rateLimitSettings(config: Pick<VigilConfig, 'limits' | 'redisUrl'>): RateLimitSettings {
  return { ...config.limits.rateLimit, redisUrl: config.redisUrl };
}

/**
 * Requests per window: per API key for a caller with a valid key, per address for a caller without
 * one. Counted in Redis when REDIS_URL is set (every gateway process shares the count; while Redis
 * is unreachable, in this process: lib/rate-limit-store.ts), in memory otherwise. Over the limit: 429 with `Retry-After` and
 * `RateLimit-Limit/-Remaining/-Reset`.
 */
export interface RateLimits {
  /** Before authentication: calls without an `Authorization` header, by address. */
  byAddress: express.RequestHandler;
  /** After authentication: calls with a valid key, by key. */
  byKey: express.RequestHandler;
  /**
   * Calls whose key did not authenticate, by address (guessing keys): useAuthentication runs it
   * before answering 401, so only failed attempts count and a valid key is never held back by it.
   */
  byFailedKey: express.RequestHandler;
  /**
   * One operation of `apiKeyId` sent over a WebSocket (graphql-ws), counted in the same per-key
   * budget as its HTTP requests (SSE operations are HTTP requests: byKey counts them). Null when
   * admitted; otherwise the seconds until the window resets.
   */
  admitKeyOperation(apiKeyId: string): Promise<{ limit: number; windowMs: number; retryAfterSeconds: number } | null>;
  close(): Promise<void>;
}

/** The 429 message (a subgraph called by another router refuses a key over its budget with it too: subgraphs/router-auth.ts). */
export function tooManyRequestsMessage(limit: number, windowMs: number, who: string): string {
  return `Too many requests: at most ${limit} per ${Math.round(windowMs / 1000)} s ${who}; retry after the number of seconds in Retry-After`;
}

export const WHO = {
  key: 'for this API key',
  address: 'from this address without an API key',
  'failed-key': 'with an API key that is not valid from this address',
} as const;

const pass: express.RequestHandler = (_req, _res, next) => next();

/** A request crossing two chains that both limit (the findings route, then the shared chain) counts once. */
function countedOnce(name: string, limiter: express.RequestHandler): express.RequestHandler {
  const flag = `rateLimited:${name}`;
  return (req, res, next) => {
    if (res.locals[flag]) return next();
    res.locals[flag] = true;
    return limiter(req, res, next);
  };
}

/** The Redis client (ioredis, rate-limit-redis: ~60 modules) is loaded only when REDIS_URL is set. */
function redisStores(redisUrl: string, prefix: string): RedisRateLimitStores {
  const { redisRateLimitStores } = require('./rate-limit-store') as typeof import('./rate-limit-store');
  return redisRateLimitStores(redisUrl, prefix);
}

export function createRateLimits(settings: RateLimitSettings): RateLimits {
  const redis = settings.redisUrl ? redisStores(settings.redisUrl, settings.redisPrefix) : null;
  const store = (name: string): Store | undefined => redis?.store(name);
  // The per-key count is one store for both the HTTP middleware and the WebSocket operations.
  const keyStore: Store = store('key') ?? new MemoryStore();

  const limiter = (
    name: 'key' | 'address' | 'failed-key',
    limit: number,
    options: { keyGenerator: (req: express.Request, res: express.Response) => string; skip: (req: express.Request, res: express.Response) => boolean },
  ) =>
    limit > 0
      ? countedOnce(
          name,
          rateLimit({
            windowMs: settings.windowMs,
            limit,
            standardHeaders: 'draft-6',
            legacyHeaders: false,
            store: name === 'key' ? keyStore : store(name),
            // The Redis-backed store answers from this process while Redis is away; should a store still
            // fail, the request passes (the log says why).
            passOnStoreError: true,
            keyGenerator: options.keyGenerator,
            skip: options.skip,
            handler: (req, res) => refuse(req, res, 'TOO_MANY_REQUESTS', tooManyRequestsMessage(limit, settings.windowMs, WHO[name])),
            validate: { xForwardedForHeader: false },
          }),
        )
      : pass;

  return {
    byAddress: limiter('address', settings.perAddress, {
      // req.ip is the socket's address unless VIGIL_TRUST_PROXY trusts a proxy in front (then the client's).
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown'),
      skip: (req) => req.headers.authorization !== undefined,
    }),
    byFailedKey: limiter('failed-key', settings.failedKeysPerAddress, {
      keyGenerator: (req) => ipKeyGenerator(req.ip ?? req.socket.remoteAddress ?? 'unknown'),
      skip: () => false,
    }),
    byKey: limiter('key', settings.perKey, {
      keyGenerator: (_req, res) => (res.locals.principal as Principal).apiKeyId,
      skip: (_req, res) => !res.locals.principal,
    }),
    async admitKeyOperation(apiKeyId) {
      if (settings.perKey <= 0) return null;
      try {
        const { totalHits, resetTime } = await keyStore.increment(apiKeyId);
        if (totalHits <= settings.perKey) return null;
        const retryAfterSeconds = Math.max(1, Math.ceil(((resetTime?.getTime() ?? Date.now() + settings.windowMs) - Date.now()) / 1000));
        return { limit: settings.perKey, windowMs: settings.windowMs, retryAfterSeconds };
      } catch {
        return null; // as the middleware: a failing store lets the operation through
      }
    },
    async close() {
      if (!redis) await keyStore.shutdown?.();
      await redis?.close();
    },
  };
}
