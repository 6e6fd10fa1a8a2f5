import pg from 'pg';
import { type DatabaseLiveness, DatabaseSilentError, type Watched } from './db-liveness';

/**
 * A PostgreSQL that goes silent in the middle of a statement (a frozen server, a network dropping
 * packets: the connection stays open, no answer comes) is reported by nothing server side — its
 * statement_timeout needs the server — and by TCP only after hours. Vigil's PostgreSQL pool
 * (lib/db.ts) therefore uses pg's client-side `query_timeout` and destroys a connection it fires on.
 * Kept apart from lib/db.ts (and its Prisma client and logger) so that lib/migrate.ts, which the embedded
 * database's first start runs in a bare child process, can lift it.
 */

/**
 * How much longer than the statement timeout Vigil waits for an answer before calling the database
 * silent: a statement PostgreSQL cancels at its statement_timeout answers 57014 on a connection that
 * stays usable, so the client's own limit must only ever fire when no answer can come.
 */
export const QUERY_TIMEOUT_MARGIN_MS = 5_000;

/**
 * TCP keep-alive on idle pooled connections after this much silence (Node's default is the system's,
 * 7,200 s): with Node 24's libuv (probes 1 s apart, 10 of them) a pooled connection to a host that
 * vanished is closed ~15 s after its last use instead of 2 h, before a request picks it.
 */
export const KEEPALIVE_INITIAL_DELAY_MS = 5_000;

const READ_TIMEOUT = 'Query read timeout';

/**
 * pg's client with pg's own `query_timeout`, plus what pg leaves out: when the limit fires on a
 * statement already sent, pg fails the caller but keeps the connection queryable, with that
 * statement still its active query (checked on pg 8.23 through a proxy that stops forwarding: the
 * pool handed the same client out again and the next statement waited a whole timeout behind it).
 * The connection is destroyed instead: its queued statements fail at once ("Connection
 * terminated"), and pg-pool drops a client that is not queryable when it is released, so a
 * transaction's ROLLBACK does not wait a second timeout and the next request gets a new connection.
 */
export class SilenceAwareClient extends pg.Client implements Watched {
  /** Told when a connection is destroyed for its silence (lib/db.ts logs it). */
  protected silent(_queryTimeoutMs: number): void {}
  /** The pool's liveness probe (lib/db-liveness.ts), told of every statement; none: only the query timeout finds silence. */
  protected get liveness(): DatabaseLiveness | undefined {
    return undefined;
  }

  /** The liveness probe found the database silent while this connection's statement waited: its statements fail now. */
  destroyForSilence(): void {
    (this as unknown as { _queryable: boolean })._queryable = false;
    (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's connect() returns a promise or takes a callback.
  override connect(callback?: any): any {
    const liveness = this.liveness;
    if (liveness) this.once('end', () => liveness.forget(this));
    // Marked silent: a new connection would only wait its connect timeout.
    if (liveness?.away) {
      const error = new DatabaseSilentError();
      if (callback) return void process.nextTick(() => callback(error));
      return Promise.reject(error);
    }
    if (!liveness) return callback ? super.connect(callback) : super.connect();
    // A connection being made is waiting too: a silence that begins while it connects would otherwise hold its
    // request for the whole connect timeout (5 s); the probe destroys it with the statements' connections.
    const connected = liveness.sent(this);
    const made = (super.connect() as Promise<unknown>).finally(connected);
    if (!callback) return made;
    made.then(() => callback(null), callback);
  }

  private destroyOnReadTimeout(error: unknown): void {
    // Only while a statement is still outstanding on the connection (the one that timed out, or one ahead of it).
    if (error instanceof Error && error.message === READ_TIMEOUT && (this as unknown as { _activeQuery: unknown })._activeQuery) {
      this.silent((this as unknown as { connectionParameters: { query_timeout: number } }).connectionParameters.query_timeout);
      // Not queryable from now on (pg sets it only once the socket's close arrives, a later tick): a release
      // in between already drops it, and nothing more is queued on it.
      (this as unknown as { _queryable: boolean })._queryable = false;
      (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    }
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query() has a dozen overloads; this passes every form through.
  override query(config: any, values?: any, callback?: any): any {
    const liveness = this.liveness;
    if (liveness?.away && config && typeof config.submit !== 'function') {
      // Marked silent: fail at once (503) rather than wait behind a probe; a submittable goes on (rare, and it reports its own errors).
      const error = new DatabaseSilentError();
      const answer = typeof values === 'function' ? values : callback;
      if (typeof answer === 'function') return void process.nextTick(() => answer(error));
      return Promise.reject(error);
    }
    const answered = liveness?.sent(this) ?? (() => undefined);
    const watch = (error: unknown) => this.destroyOnReadTimeout(error);
    if (config && typeof config.submit === 'function') {
      // A submittable (a COPY stream) hears of the timeout through its handleError, and is done at its ReadyForQuery.
      const handleError = config.handleError;
      config.handleError = function (this: unknown, error: unknown, connection: unknown) {
        answered();
        watch(error);
        return handleError.call(this, error, connection);
      };
      const handleReadyForQuery = config.handleReadyForQuery;
      if (typeof handleReadyForQuery === 'function')
        config.handleReadyForQuery = function (this: unknown, ...args: unknown[]) {
          answered();
          return handleReadyForQuery.apply(this, args);
        };
      return super.query(config, values, callback);
    }
    if (typeof values === 'function')
      return super.query(config, (error: Error | null, result: unknown) => {
        answered();
        if (error) watch(error);
        values(error, result);
      });
    if (typeof callback === 'function')
      return super.query(config, values, (error: Error | null, result: unknown) => {
        answered();
        if (error) watch(error);
        callback(error, result);
      });
    const result = super.query(config, values);
    result.then(answered, (error: unknown) => {
      answered();
      watch(error);
    });
    return result;
  }
}

/**
 * For a session whose statements may legitimately run past the request limits (a migration, a scan's
 * reconcile: both lift statement_timeout too): no client-side query timeout until the returned
 * function puts it back (call it before the client is released). Harmless on a client without one.
 */
export function liftQueryTimeout(client: pg.ClientBase): () => void {
  const parameters = (client as unknown as { connectionParameters?: { query_timeout: number | false } }).connectionParameters;
  if (!parameters) return () => undefined;
  const before = parameters.query_timeout;
  parameters.query_timeout = false;
  return () => {
    parameters.query_timeout = before;
  };
}
