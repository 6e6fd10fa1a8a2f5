import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import { DatabaseLiveness } from './db-liveness';
import { markTransactionPooled } from './db-pooling';
import { KEEPALIVE_INITIAL_DELAY_MS, QUERY_TIMEOUT_MARGIN_MS, SilenceAwareClient } from './db-silence';
import { type EmbeddedStart, embeddedDatabaseDir, startEmbedded } from './embedded-start';
import { log } from './log';

export { liftQueryTimeout } from './db-silence';
export { PrismaClient };
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/** One database for the whole process: a pg pool (raw SQL) and a Prisma client over that same pool. */
export interface Database {
  mode: 'postgres' | 'embedded';
  pool: pg.Pool;
  prisma: PrismaClient;
  /** A URL other clients of this process can use (the embedded socket, or DATABASE_URL). */
  url: string;
  /** DATABASE_DIRECT_URL: PostgreSQL itself, for what needs a session (migrations, LISTEN) when `url` is a transaction pooler. */
  directUrl?: string;
  /** VIGIL_DATABASE_POOLING=transaction: `url` is PgBouncer in transaction mode (lib/db-pooling.ts). */
  transactionPooled?: boolean;
  close(): Promise<void>;
}

// int8 (the event and history `seq` values) arrives as a string, so it stays exact.
pg.types.setTypeParser(20, (v) => v);

/** The Prisma client and the raw-SQL pool over one pg pool; `afterClose` releases what the pool ran on. */
/**
 * How long a Prisma transaction may wait for a connection. Prisma's default (2 s) is shorter than the
 * pool's own wait: on the embedded database's one connection, 15 concurrent API-key creations (each
 * a transaction) made the last ones fail with "Unable to start a transaction in the given time" (500)
 * while plain queries queued fine. Transactions now queue like every other statement.
 */
const TRANSACTION_MAX_WAIT_MS: Record<Database['mode'], number> = { postgres: 30_000, embedded: 60_000 };

function overPool(mode: Database['mode'], pool: pg.Pool, url: string, afterClose: () => Promise<void> = async () => undefined): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool), transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS[mode] } });
  return {
    mode,
    pool,
    prisma,
    url,
    async close() {
      await prisma.$disconnect();
      await pool.end();
      await afterClose();
    },
  };
}

export interface PostgresOptions {
  poolSize?: number;
  /** VIGIL_DATABASE_POOLING: `transaction` when `url` is PgBouncer in transaction mode. */
  pooling?: 'session' | 'transaction';
  /** DATABASE_DIRECT_URL (required with transaction pooling): migrations and LISTEN connect here. */
  directUrl?: string;
  /** VIGIL_DATABASE_CONNECT_TIMEOUT_MS: a connection not made within this is an error (a silent database: SERVICE_UNAVAILABLE). */
  connectTimeoutMs?: number;
  /**
   * VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: PostgreSQL cancels a statement that runs longer (0 or unset: none, the
   * benches' bulk loads). Sent as the session's statement_timeout; not behind a transaction pooler, where the
   * role's setting applies (docs/operations.md#pgbouncer).
   */
  statementTimeoutMs?: number;
  /**
   * VIGIL_DATABASE_QUERY_TIMEOUT_MS: a statement whose answer has not come within this (client side) fails
   * and its connection is destroyed: a database gone silent mid-statement, which its own statement_timeout
   * cannot report. Unset: statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS (0, none, when that is 0).
   */
  queryTimeoutMs?: number;
  /**
   * VIGIL_DATABASE_PROBE_TIMEOUT_MS: once a statement has waited 1 s, a `SELECT 1` on a new connection must be answered
   * within this, else the database is silent (lib/db-liveness.ts); 0 or unset: no probe (the benches' pools).
   */
  probeTimeoutMs?: number;
}

/**
 * One warn line per process per 5 s for connections destroyed for their silence, the next with how many
 * more (as lib/error-log.ts does for `dependency unreachable`): bench:faults' 5-second silences destroyed
 * 11–18 connections each across the cluster, 16 lines within one second.
 */
let silenceLoggedAt = 0;
let silenceUnlogged = 0;
function silenceLog(queryTimeoutMs: number): void {
  const now = Date.now();
  if (now - silenceLoggedAt < 5_000) {
    silenceUnlogged++;
    return;
  }
  log.warn('database silent: no answer within the query timeout; connection destroyed', {
    queryTimeoutMs,
    ...(silenceUnlogged ? { alsoDestroyed: silenceUnlogged } : {}),
  });
  silenceLoggedAt = now;
  silenceUnlogged = 0;
}

/** `options` as a number: the pool size alone (the benches' form). */
export async function openPostgres(url: string, sizeOrOptions: number | PostgresOptions = {}): Promise<Database> {
  const options = typeof sizeOrOptions === 'number' ? { poolSize: sizeOrOptions } : sizeOrOptions;
  // Two waits: a request queued for a busy pool's connection keeps 30 s (a burst is not an outage); a new
  // connection to a silent server gives up after connectTimeoutMs (pg's Pool passes its own option to both).
  const connectTimeoutMillis = options.connectTimeoutMs ?? 5_000;
  const statementTimeout = options.pooling === 'transaction' ? 0 : (options.statementTimeoutMs ?? 0);
  // From the configured statement timeout even behind a transaction pooler (where the role's setting applies instead).
  const queryTimeout = options.queryTimeoutMs ?? (options.statementTimeoutMs ? options.statementTimeoutMs + QUERY_TIMEOUT_MARGIN_MS : 0);
  // Behind a transaction pooler the probe asks PostgreSQL itself: the pooler would queue it behind busy server connections.
  const liveness = options.probeTimeoutMs
    ? new DatabaseLiveness({
        url: (options.pooling === 'transaction' && options.directUrl) || url,
        probeTimeoutMs: options.probeTimeoutMs,
        onSilent: (destroyed) =>
          log.warn('database silent: no answer to the liveness probe; requests answer 503 until it answers', {
            probeTimeoutMs: options.probeTimeoutMs,
            destroyed,
          }),
        onBack: (silentForMs) => log.warn('database answers the liveness probe again', { silentForMs }),
      })
    : undefined;
  const Client = class extends SilenceAwareClient {
    protected override get liveness() {
      return liveness;
    }
    constructor(config: pg.ClientConfig) {
      super({
        ...config,
        connectionTimeoutMillis: connectTimeoutMillis,
        keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
        ...(statementTimeout ? { statement_timeout: statementTimeout } : {}),
        ...(queryTimeout ? { query_timeout: queryTimeout } : {}),
      });
    }
    protected override silent(queryTimeoutMs: number): void {
      silenceLog(queryTimeoutMs);
    }
  };
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: 30_000, keepAlive: true, Client: Client as never });
  pool.on('error', (err) => log.warn('idle database client error', { error: err.message }));
  survivesConnectionsCutWhileCheckedOut(pool);
  const transactionPooled = options.pooling === 'transaction';
  if (transactionPooled) markTransactionPooled(pool);
  try {
    await firstContact(pool, connectTimeoutMillis);
  } catch (error) {
    liveness?.stop();
    throw error;
  }
  const database = overPool('postgres', pool, url, async () => liveness?.stop());
  return { ...database, directUrl: options.directUrl, transactionPooled };
}

/**
 * pg-pool listens for a client's `error` only while the client is idle in the pool. A connection
 * cut while a client is checked out (a transaction, a reconcile, Prisma's adapter between two
 * statements) made that client emit `error` with no listener: an uncaught exception that stopped
 * the whole process. bench:faults saw the alerts subgraph exit at the PostgreSQL cut and then sit
 * in the cluster's restart back-off after PostgreSQL returned (3.5–8 s of 503s). The cut still
 * reaches whoever is using the client: its pending and later queries fail (pg errors them all),
 * and pg-pool discards a client that is no longer queryable when it is released.
 */
function survivesConnectionsCutWhileCheckedOut(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}

/**
 * The first query at start-up. A server that answers slowly (a busy PostgreSQL, one still starting:
 * 57P03) is waited for, up to START_WAIT_MS, with a line per try; a refusal, a bad password or a
 * missing database fails at once (nothing will change by waiting). A start that gave up on one slow
 * connection under load failed CI's stop-signals run (`timeout expired` at 5 s), and one whose first
 * `select 1` outlasted a short VIGIL_DATABASE_QUERY_TIMEOUT_MS (1 s in silent-database's test, under
 * CI's load) failed with `Query read timeout`: the silent connection is destroyed, the next try opens another.
 */
const START_WAIT_MS = 60_000;
async function firstContact(pool: pg.Pool, connectTimeoutMillis: number): Promise<void> {
  const deadline = Date.now() + Math.max(START_WAIT_MS, connectTimeoutMillis);
  for (let attempt = 1; ; attempt++) {
    try {
      await pool.query('select 1');
      return;
    } catch (error) {
      const slow =
        /timeout expired|Connection terminated due to connection timeout|Query read timeout/i.test((error as Error).message) ||
        (error as { code?: string }).code === '57P03';
      if (!slow || Date.now() >= deadline) throw error;
      log.warn('database slow to answer at start-up; trying again', { attempt, error: (error as Error).message });
      await new Promise((resolve) => setTimeout(resolve, Math.min(1_000 * attempt, 5_000)));
    }
  }
}

/**
 * pg-pool's `query()` hands the query's error to `release(err)`, which closes the connection: on
 * PostgreSQL a failed statement costs a reconnect, on PGlite (one connection, one session) it
 * costs the connection every request queues on, and the reconnect races the old socket's detach
 * ("Too many connections"). An SQL error (the server answered) leaves the connection usable, so
 * the embedded pool keeps it; only a broken connection is dropped.
 */
function keepConnectionOnStatementErrors(pool: pg.Pool): void {
  const query = async (config: string | pg.QueryConfig, values?: unknown[]) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      return await client.query(config, values);
    } catch (error) {
      if (!(error instanceof pg.DatabaseError)) broken = error as Error;
      throw error;
    } finally {
      client.release(broken);
    }
  };
  Object.assign(pool, { query });
}

/**
 * The socket server admits one connection and frees its slot only once the old socket's close
 * has been handled (on a later tick), so a connection opened right after one was dropped can be
 * turned away ("Too many connections"). The pool then tries again, briefly: nothing else can hold
 * that slot, so a refusal only ever means "not yet".
 */
function retryConnectWhileOldSocketDetaches(pool: pg.Pool): void {
  const connect: (callback?: (error: Error | undefined, client?: pg.PoolClient, done?: () => void) => void) => Promise<pg.PoolClient> | undefined =
    pool.connect.bind(pool);
  const retrying = async (): Promise<pg.PoolClient> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return (await connect()) as pg.PoolClient;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 * attempt));
      }
    }
  };
  Object.assign(pool, {
    connect: (callback?: Parameters<typeof connect>[0]) => (callback ? connect(callback) : retrying()),
  });
}

/**
 * PGlite is a single-connection database: it is served on a loopback socket that accepts one
 * client (lib/embedded-start.ts), and the pool holds exactly that one connection, so concurrent requests
 * queue in the pool instead of interleaving statements of different transactions.
 * `dir` undefined keeps the database in memory (tests); `starting` is a start the caller began earlier.
 */
export async function openEmbedded(dir: string | undefined, starting: Promise<EmbeddedStart> = startEmbedded(dir)): Promise<Database> {
  const server = await starting;
  if (server.created) log.info('embedded database created', { dir, ...server.created });
  const { url } = server;
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 60_000 });
  pool.on('error', (err) => log.warn('embedded database client error', { error: err.message }));
  survivesConnectionsCutWhileCheckedOut(pool);
  keepConnectionOnStatementErrors(pool);
  retryConnectWhileOldSocketDetaches(pool);
  // PGlite is one backend session whatever the socket: a new connection inherits the prepared
  // statements (and settings) of the one before, while pg's new client believes it has none and
  // parses its named statements again ("prepared statement … already exists"). Every new connection
  // therefore starts from a clean session; pg runs this before any query queued on the client.
  pool.on('connect', (client) => {
    client.query('DISCARD ALL').catch((error: Error) => log.warn('embedded database session reset failed', { error: error.message }));
  });
  return overPool('embedded', pool, url, () => server.close());
}

/** Runs `work` in one transaction on one pooled connection (raw SQL); rolled back on any error. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** `embedded`: the embedded database's start, when the caller began it already (app/main.ts, before this module loaded). */
export function openDatabase(
  options: {
    databaseUrl?: string;
    dataDir: string;
    databasePooling?: 'session' | 'transaction';
    databaseDirectUrl?: string;
    databaseConnectTimeoutMs?: number;
    databaseStatementTimeoutMs?: number;
    databaseQueryTimeoutMs?: number;
    databaseProbeTimeoutMs?: number;
  },
  embedded?: Promise<EmbeddedStart>,
): Promise<Database> {
  if (options.databaseUrl)
    return openPostgres(options.databaseUrl, {
      pooling: options.databasePooling,
      directUrl: options.databaseDirectUrl,
      connectTimeoutMs: options.databaseConnectTimeoutMs,
      statementTimeoutMs: options.databaseStatementTimeoutMs,
      queryTimeoutMs: options.databaseQueryTimeoutMs,
      probeTimeoutMs: options.databaseProbeTimeoutMs,
    });
  const dir = embeddedDatabaseDir(options.dataDir);
  return openEmbedded(dir, embedded);
}
