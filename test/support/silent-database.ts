import type pg from 'pg';
import type { HttpResult } from './vigil';

/**
 * For the tests of a database gone silent (test/app/silent-database*.test.ts, the proxy's stall()).
 * A request that gives up after 20 s — a silent database would hold it for the client's own query timeout
 * (35 s by default), or forever without one — and how long it took: its answer, or the error it failed with.
 */
export async function timed(call: (signal: AbortSignal) => Promise<HttpResult>): Promise<{ answer: HttpResult | Error; ms: number }> {
  const started = Date.now();
  const answer = await call(AbortSignal.timeout(20_000)).catch((error: Error) => error);
  return { answer, ms: Date.now() - started };
}

/** What pg-pool keeps for the next request: its idle connections, each whether it takes a statement and whether one still waits for its answer. */
export function idleConnections(pool: pg.Pool): Array<{ queryable: boolean; waitingForAnswer: boolean }> {
  return (pool as unknown as { _idle: Array<{ client: { _queryable: boolean; _activeQuery: unknown } }> })._idle.map(({ client }) => ({
    queryable: client._queryable,
    waitingForAnswer: Boolean(client._activeQuery),
  }));
}

/** The idle connections a request would wait behind: one that takes no statement, or whose statement still waits for its answer. */
export function stuckConnections(pool: pg.Pool): Array<{ queryable: boolean; waitingForAnswer: boolean }> {
  return idleConnections(pool).filter((client) => !client.queryable || client.waitingForAnswer);
}
