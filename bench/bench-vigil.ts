import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type RunningVigil, startVigil } from '../app/vigil';
import { loadConfig } from '../lib/config';

export const BENCH_BASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://root@127.0.0.1:5432/postgres';

/** A whole Vigil on a benchmark's database: the one BENCH_DATABASE names (created if missing, kept), else a new one dropped at `close`. */
export interface BenchVigil {
  vigil: RunningVigil;
  /** The database was named by BENCH_DATABASE: its data stays for the next run. */
  kept: boolean;
  /** The database's connection URL. */
  url: string;
  close(): Promise<void>;
}

export interface BenchVigilOptions {
  /** The database's name (instead of BENCH_DATABASE's). */
  database?: string;
  /** Keep the named database at `close` (BENCH_DATABASE's databases are kept). */
  keep?: boolean;
  /** More settings over the defaults below (e.g. VIGIL_WORKERS for a bench that needs a job kind). */
  env?: Record<string, string>;
}

export async function startBenchVigil(prefix: string, options: BenchVigilOptions = {}): Promise<BenchVigil> {
  const keep = options.database ? (options.keep ? options.database : undefined) : process.env.BENCH_DATABASE;
  if (keep && !/^\w+$/.test(keep)) throw new Error('BENCH_DATABASE must be a plain database name');
  const dbName = options.database ?? (keep || `${prefix}_${randomBytes(5).toString('hex')}`);
  if (!/^\w+$/.test(dbName)) throw new Error('a benchmark database name must be a plain name');
  const admin = new pg.Client({ connectionString: BENCH_BASE_URL });
  await admin.connect();
  const exists = (await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [dbName])).rowCount;
  if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(BENCH_BASE_URL);
  url.pathname = `/${dbName}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `${prefix.replace(/_/g, '-')}-`));
  // Latency is measured back to back with one key: the per-key rate limit is off. No scheduler, workers or
  // subscription safety-net poll: their background statements are not the measured ones.
  const vigil = await startVigil(
    loadConfig({
      DATABASE_URL: url.toString(),
      PORT: '0',
      SUBGRAPH_BASE_PORT: '0',
      VIGIL_SECRET: randomBytes(16).toString('hex'),
      VIGIL_DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      VIGIL_RATE_LIMIT_PER_KEY: '0',
      VIGIL_WORKERS: 'none',
      VIGIL_SUBSCRIPTION_POLL_MS: '3600000',
      // The data generators' bulk statements run for minutes: no request statement timeout (its 30 s default).
      VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: '0',
      ...options.env,
    }),
  );
  return {
    vigil,
    kept: Boolean(keep),
    url: url.toString(),
    async close() {
      await vigil.close();
      if (!keep) {
        const dropper = new pg.Client({ connectionString: BENCH_BASE_URL });
        await dropper.connect();
        await dropper.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
        await dropper.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
