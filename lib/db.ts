import { fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from '../generated/prisma/client';
import type { EmbeddedServerData, EmbeddedServerMessage } from './embedded-server';
import { log } from './log';

export { PrismaClient };
export type Tx = Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;

/** One database for the whole process: a pg pool (raw SQL) and a Prisma client over that same pool. */
export interface Database {
  mode: 'postgres' | 'embedded';
  pool: pg.Pool;
  prisma: PrismaClient;
  /** A URL other clients of this process can use (the embedded socket, or DATABASE_URL). */
  url: string;
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

export async function openPostgres(url: string, poolSize = 10): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 30_000 });
  pool.on('error', (err) => log.warn('idle database client error', { error: err.message }));
  await pool.query('select 1');
  return overPool('postgres', pool, url);
}

function holdDataDirLock(dir: string): () => void {
  const lockFile = path.join(dir, 'vigil.pid');
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    let alive = false;
    try {
      if (pid && pid !== process.pid) {
        process.kill(pid, 0);
        alive = true;
      }
    } catch {
      alive = false;
    }
    if (alive) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${pid}. Stop it, or set DATABASE_URL to share a PostgreSQL server between processes.`,
      );
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
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
 * client, and the pool holds exactly that one connection, so concurrent requests queue in the
 * pool instead of interleaving statements of different transactions.
 * `dir` undefined keeps the database in memory (tests).
 */
/**
 * PGlite starts with a server's memory settings (shared_buffers 128MB, maintenance_work_mem 64MB …), all
 * inside the process's WebAssembly memory, which grows as buffers are touched and is never returned. One
 * process, one session and small embedded data sets need far less. Measured with PGlite alone on this
 * machine (Node 24, migrations applied): idle RSS after a reopen 314 → 175 MB, after a first start
 * 429 → 340 MB; open times unchanged (0.46–0.48 s reopen, 4.2–4.5 s new data).
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB', '-c', 'wal_buffers=1MB', '-c', 'temp_buffers=1MB', '-c', 'maintenance_work_mem=8MB'];

/**
 * Creates a new embedded database (initdb and the migrations) in a child process (lib/embedded-first-start.ts)
 * whose memory is returned when it exits; resolves with the migrations it applied. The child runs
 * under the caller's data-directory lock and with V8's baseline WebAssembly compiler only
 * (--liftoff-only): it runs each of PostgreSQL's functions a few times, where compiling the hot ones
 * again with the optimising compiler cost more than it saved (measured: 4.7 → 3.2 s CPU, peak RSS
 * 1,065 → 552 MB for initdb and the migrations).
 */
function createInChildProcess(dir: string): Promise<string[]> {
  // The same file type as this one: dist/lib/*.js when compiled, lib/*.ts under tsx (whose loader the child inherits with execArgv).
  const entry = path.join(__dirname, `embedded-first-start${path.extname(__filename)}`);
  const child = fork(entry, [dir], { execArgv: [...process.execArgv, '--liftoff-only'], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  let stderr = '';
  let applied: string[] | undefined;
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  child.on('message', (message: { applied: string[] }) => (applied = message.applied));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 && applied
        ? resolve(applied)
        : reject(new Error(stderr.trim() || `creating the embedded database in ${dir} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

interface EmbeddedServer {
  url: string;
  /** Closes the database (its shutdown checkpoint) and the socket; resolves when the thread has ended. */
  close(): Promise<void>;
}

/**
 * PGlite in a thread of its own (lib/embedded-server.ts), served on a loopback socket as before: at a start
 * it opens the database while this thread loads the rest of Vigil, and afterwards PostgreSQL's
 * WebAssembly runs beside the requests' JavaScript instead of taking turns with it. A thread that fails
 * after it served takes the process down, as PGlite failing in this thread did.
 */
function startEmbeddedServer(data: EmbeddedServerData): Promise<EmbeddedServer> {
  // The same file type as this one (dist/lib/*.js, or lib/*.ts under tsx, whose loader the worker inherits with execArgv).
  const worker = new Worker(path.join(__dirname, `embedded-server${path.extname(__filename)}`), { workerData: data });
  const ended = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const failedToStart = (error: Error) => reject(new Error(`the embedded database did not start: ${error.message}`));
    worker.once('error', failedToStart);
    worker.once('exit', (code) => failedToStart(new Error(`its thread ended (exit code ${code})`)));
    worker.once('message', (message: EmbeddedServerMessage) => {
      if ('failed' in message) {
        void worker.terminate();
        reject(new Error(message.failed));
        return;
      }
      worker.off('error', failedToStart);
      worker.on('error', (error) => {
        throw error;
      });
      resolve({
        url: message.url,
        async close() {
          worker.postMessage('close');
          await ended;
        },
      });
    });
  });
}

export interface EmbeddedOptions {
  /**
   * A data directory without a database: created in a child process (the default; the server then opens
   * it as at any later start) or `here`, in this process (what that child does).
   */
  create?: 'in-a-child-process' | 'here';
  /** The caller holds the data directory's lock for this process (the child that creates the database). */
  lockHeld?: boolean;
}

export async function openEmbedded(dir: string | undefined, options: EmbeddedOptions = {}): Promise<Database> {
  let releaseLock = () => {};
  if (dir) {
    mkdirSync(dir, { recursive: true });
    if (!options.lockHeld) releaseLock = holdDataDirLock(dir);
    if (options.create !== 'here' && !existsSync(path.join(dir, 'pgdata', 'PG_VERSION'))) {
      const started = Date.now();
      try {
        const applied = await createInChildProcess(dir);
        log.info('embedded database created', { dir, migrations: applied.length, ms: Date.now() - started });
      } catch (error) {
        releaseLock();
        throw error;
      }
    }
  }
  const started = Date.now();
  let server: EmbeddedServer;
  try {
    server = await startEmbeddedServer({ pgdata: dir ? path.join(dir, 'pgdata') : undefined, settings: EMBEDDED_SETTINGS });
  } catch (error) {
    releaseLock();
    throw error;
  }
  const { url } = server;
  log.debug('embedded database ready', { dir: dir ?? 'memory', ms: Date.now() - started });
  const pool = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 0, connectionTimeoutMillis: 60_000 });
  pool.on('error', (err) => log.warn('embedded database client error', { error: err.message }));
  keepConnectionOnStatementErrors(pool);
  retryConnectWhileOldSocketDetaches(pool);
  // PGlite is one backend session whatever the socket: a new connection inherits the prepared
  // statements (and settings) of the one before, while pg's new client believes it has none and
  // parses its named statements again ("prepared statement … already exists"). Every new connection
  // therefore starts from a clean session; pg runs this before any query queued on the client.
  pool.on('connect', (client) => {
    client.query('DISCARD ALL').catch((error: Error) => log.warn('embedded database session reset failed', { error: error.message }));
  });
  return overPool('embedded', pool, url, async () => {
    await server.close();
    releaseLock();
  });
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

export function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openEmbedded(path.join(options.dataDir, 'db'));
}
