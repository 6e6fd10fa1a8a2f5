import type express from 'express';
import { HTTP_STATUS, RETRY_AFTER_SECONDS } from './errors';

/**
 * The one answer of a request refused at the HTTP edge (authentication, rate limits, bodies, the
 * error handler), before or outside an operation: the status and REST name come from the code's row
 * in lib/errors.ts, the shape from the endpoint the request is for. The GraphQL endpoint (/graphql
 * and below, /graphql/stream included) answers `{ errors: [{ message, extensions: { code } }] }`,
 * every other path the spec's `{ statusCode, error, message }`. A 503 carries `Retry-After`.
 */
export type RefusalCode = keyof typeof HTTP_STATUS;

/**
 * Whether `req` is for the GraphQL endpoint: its whole path (the mount point and the rest, after
 * gateway/collapse-slashes.ts) is /graphql or below, compared without case as Express mounts it. The
 * same answer in a middleware mounted at /graphql, one mounted at / and the app's error handler (where
 * `baseUrl` alone is empty: the three sites that chose the shape before disagreed on it).
 */
export function isGraphQLRequest(req: express.Request): boolean {
  const path = `${req.baseUrl}${req.path}`.toLowerCase();
  return path === '/graphql' || path.startsWith('/graphql/');
}

function status(res: express.Response, code: RefusalCode) {
  const row = HTTP_STATUS[code];
  if (code === 'SERVICE_UNAVAILABLE') res.set('Retry-After', String(RETRY_AFTER_SECONDS));
  res.status(row.status);
  return row;
}

/** The GraphQL shape, for an endpoint that speaks only GraphQL (a subgraph's, the document token limit). */
export function refuseGraphQL(res: express.Response, code: RefusalCode, message: string): void {
  const row = status(res, code);
  res.json({ errors: [{ message, extensions: { code: row.graphqlCode ?? code } }] });
}

/** The REST shape of the spec, for a REST route. */
export function refuseRest(res: express.Response, code: RefusalCode, message: string): void {
  const row = status(res, code);
  res.json({ statusCode: row.status, error: row.error, message });
}

/** Refuses `req` in the shape of the endpoint it is for. */
export function refuse(req: express.Request, res: express.Response, code: RefusalCode, message: string): void {
  if (isGraphQLRequest(req)) refuseGraphQL(res, code, message);
  else refuseRest(res, code, message);
}
