import cors from 'cors';
import type express from 'express';

/**
 * Cross-origin browser access (the `cors` package): off unless VIGIL_CORS_ORIGINS lists origins. A
 * listed origin may call every route with its API key (Authorization header; no cookies are used),
 * preflights included; any other origin gets no CORS header, so browsers keep its pages out.
 */
export function useCors(origins: readonly string[]): express.RequestHandler | null {
  if (!origins.length) return null;
  const allowed = new Set(origins);
  return cors({
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Request-Id', 'Content-Encoding'],
    exposedHeaders: ['X-Request-Id', 'Retry-After', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Content-Disposition'],
    maxAge: 600,
  });
}
