// Offline migration runner compatible with Prisma Migrate's schema engine.
//
// The native schema engine cannot be downloaded on this project's machines, so `prisma migrate deploy`
// is unavailable. This runner reproduces what the engine does for `migrate deploy` on PostgreSQL
// (same folder layout, bookkeeping table, checksums, advisory lock and failure handling), so a real
// `prisma migrate deploy/status` run later agrees with the state it leaves behind.

import { createHash, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import pg, { type Pool, type PoolClient } from 'pg';
import { liftQueryTimeout } from './db-silence';

/** The key Prisma's engine locks with, so this runner and a real `prisma migrate deploy` exclude each other. */
const ADVISORY_LOCK_KEY = 72707369;
const MIGRATIONS_TABLE = '"public"."_prisma_migrations"';
const PROVIDER = 'postgresql';
// Prisma ignores PostGIS's own tables when deciding whether a database is empty (P3005).
const IGNORED_TABLES = /^(spatial_ref_sys|geometry_columns)$/i;
const RESOLVE_URL = 'https://pris.ly/d/migrate-resolve';

/** Prisma's DDL for the bookkeeping table, column for column. */
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE ${MIGRATIONS_TABLE} (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

export class MigrationError extends Error {
  constructor(
    message: string,
    public readonly migration?: string,
    /** Prisma's error code where one applies (P3005, P3009, P3018, P3019). */
    public readonly code?: string,
  ) {
    super(message);
    this.name = 'MigrationError';
  }
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: number;
}

export interface MigrationStatus {
  applied: string[];
  pending: string[];
  failed: string[];
}

export interface MigrateOptions {
  /** Folder holding `<name>/migration.sql` and `migration_lock.toml`. */
  dir?: string;
  /** Receives progress lines and warnings; defaults to stderr. */
  log?: (line: string) => void;
}

interface MigrationDir {
  name: string;
  file: string;
  script: Buffer | null;
  readError: string | null;
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: Date | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: Date | null;
  started_at: Date;
}

interface PgDatabaseError extends Error {
  code?: string;
  position?: string;
  detail?: string;
  hint?: string;
}

const defaultDir = (): string => path.join(__dirname, '..', 'prisma', 'migrations');
const defaultLog = (line: string): void => {
  process.stderr.write(`${line}\n`);
};

export function checksumOf(script: Buffer | string): string {
  return createHash('sha256').update(script).digest('hex');
}

/**
 * Whether a stored checksum matches the script, as Prisma decides it: the script as is, with CRLF
 * turned into LF, or with LF turned into CRLF; checksums not 64 characters long were written by an old
 * engine that dropped the leading zero of each byte.
 */
export function checksumMatches(script: Buffer, stored: string): boolean {
  const text = script.toString('utf8');
  const variants = [script, text.replace(/\r\n/g, '\n'), text.replace(/\n/g, '\r\n')];
  return variants.some((variant) => {
    const digest = createHash('sha256').update(variant).digest();
    const rendered = stored.length !== 0 && stored.length !== 64 ? Array.from(digest, (byte) => byte.toString(16)).join('') : digest.toString('hex');
    return rendered === stored;
  });
}

async function readMigrationsDir(dir: string): Promise<MigrationDir[]> {
  const lock = await fs.readFile(path.join(dir, 'migration_lock.toml'), 'utf8').catch(() => null);
  if (lock !== null) {
    // Same parsing as the engine: first line starting with "provider", value unquoted.
    const line = lock.split(/\r?\n/).find((l) => l.startsWith('provider'));
    const provider = line ? line.replace(/^provider = /, '').replace(/^"+|"+$/g, '') : '<PROVIDER NOT FOUND>';
    if (provider !== PROVIDER) {
      throw new MigrationError(
        `P3019: The datasource provider \`${PROVIDER}\` does not match \`${provider}\` in ${path.join(dir, 'migration_lock.toml')}.`,
        undefined,
        'P3019',
      );
    }
  }
  const entries = await fs.readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const migrations = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory())
      .map(async (entry): Promise<MigrationDir> => {
        const file = path.join(dir, entry.name, 'migration.sql');
        try {
          return { name: entry.name, file, script: await fs.readFile(file), readError: null };
        } catch (err) {
          return { name: entry.name, file, script: null, readError: (err as Error).message };
        }
      }),
  );
  // Prisma's CLI sorts the folders with localeCompare, not by code unit.
  return migrations.sort((a, b) => a.name.localeCompare(b.name));
}

async function migrationsTableExists(client: Pool | PoolClient): Promise<boolean> {
  const res = await client.query<{ t: string | null }>(`SELECT to_regclass('${MIGRATIONS_TABLE}')::text AS t`);
  return res.rows[0]?.t != null;
}

async function loadRows(client: Pool | PoolClient): Promise<MigrationRow[]> {
  const res = await client.query<MigrationRow>(
    `SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at
       FROM ${MIGRATIONS_TABLE} ORDER BY started_at ASC`,
  );
  return res.rows;
}

/** The `schemas = [...]` of schema.prisma beside the migrations folder: the namespaces Prisma checks for P3005. */
async function datasourceSchemas(dir: string): Promise<string[]> {
  const schema = await fs.readFile(path.join(dir, '..', 'schema.prisma'), 'utf8').catch(() => '');
  const datasource = /datasource\s+\w+\s*\{([^}]*)\}/.exec(schema)?.[1] ?? '';
  const list = /schemas\s*=\s*\[([^\]]*)\]/.exec(datasource)?.[1] ?? '';
  return Array.from(list.matchAll(/"([^"]+)"/g), (m) => m[1] as string);
}

/** Creates the bookkeeping table, refusing (P3005) when the database already holds tables, as Prisma does. */
async function initializeMigrationsTable(client: PoolClient, dir: string): Promise<void> {
  if (await migrationsTableExists(client)) return;
  const schemas = ['public', ...(await datasourceSchemas(dir))];
  const res = await client.query<{ nspname: string; relname: string }>(
    `SELECT n.nspname, c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE c.relkind = 'r' AND n.nspname = ANY($1::text[])`,
    [schemas],
  );
  const tables = res.rows.filter((r) => !IGNORED_TABLES.test(r.relname));
  if (tables.length > 0) {
    const names = tables.map((t) => `${t.nspname}.${t.relname}`).join(', ');
    throw new MigrationError(
      `P3005: The database schema is not empty (found ${names}) but has no _prisma_migrations table. ` +
        'Baseline it first (mark the migrations it already contains as applied): https://pris.ly/d/migrate-baseline',
      undefined,
      'P3005',
    );
  }
  await client.query(CREATE_MIGRATIONS_TABLE);
}

function failedMigrationsError(failed: MigrationRow[]): MigrationError {
  const details = failed
    .map((row) => {
      const logs = row.logs?.trim() ? ` with the following logs:\n${row.logs.trim()}` : '';
      return `The \`${row.migration_name}\` migration started at ${row.started_at.toISOString()} failed${logs}`;
    })
    .join('\n');
  const first = failed[0]?.migration_name ?? '';
  return new MigrationError(
    'P3009: migrate found failed migrations in the target database, new migrations will not be applied. ' +
      `Read more about how to resolve migration issues in a production database: ${RESOLVE_URL}\n${details}\n` +
      `To resolve: make sure the failed migration left no partial changes (fix by hand if it did), then run ` +
      `\`prisma migrate resolve --rolled-back ${first}\` (or, offline, UPDATE _prisma_migrations SET rolled_back_at = now() ` +
      `WHERE migration_name = '${first}' AND finished_at IS NULL) and migrate again; if you completed it by hand, ` +
      `\`prisma migrate resolve --applied ${first}\` instead.`,
    first,
    'P3009',
  );
}

/** Prisma-style description of a database error, with the failing line of the script when known. */
function describeDatabaseError(err: unknown, script: string): { code: string; text: string } {
  const dbErr = err as PgDatabaseError;
  const code = typeof dbErr.code === 'string' ? dbErr.code : 'none';
  let text = dbErr instanceof Error ? dbErr.message : String(err);
  if (dbErr.detail) text += `\nDETAIL: ${dbErr.detail}`;
  if (dbErr.hint) text += `\nHINT: ${dbErr.hint}`;
  const position = Number(dbErr.position);
  if (Number.isInteger(position) && position > 0) {
    const before = script.slice(0, position - 1);
    const lineNumber = before.split('\n').length;
    const line = script.split('\n')[lineNumber - 1] ?? '';
    text += `\n\nPosition:\n${String(lineNumber).padStart(3)} ${line.replace(/\r$/, '')}`;
  }
  return { code, text };
}

async function applyOne(client: PoolClient, migration: MigrationDir): Promise<void> {
  if (migration.script === null) {
    throw new MigrationError(`Failed to read migration script at ${migration.file}: ${migration.readError ?? 'unknown error'}`, migration.name);
  }
  const script = migration.script.toString('utf8');
  const id = randomUUID();
  // Recorded before the script runs and outside its transaction, so a failure stays visible (P3009 next time).
  await client.query(`INSERT INTO ${MIGRATIONS_TABLE} (id, checksum, started_at, migration_name) VALUES ($1, $2, now(), $3)`, [
    id,
    checksumOf(migration.script),
    migration.name,
  ]);
  try {
    await client.query('BEGIN');
    // No parameters: node-postgres then uses the simple protocol, which runs every statement of the script.
    await client.query(script);
    // Marked finished inside the script's transaction, so a crash can never leave it applied but unfinished.
    await client.query(`UPDATE ${MIGRATIONS_TABLE} SET applied_steps_count = applied_steps_count + 1, finished_at = now() WHERE id = $1`, [id]);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    const { code, text } = describeDatabaseError(err, script);
    const logs =
      'A migration failed to apply. New migrations cannot be applied before the error is recovered from. ' +
      `Read more about how to resolve migration issues in a production database: ${RESOLVE_URL}\n\n` +
      `Migration name: ${migration.name}\n\nDatabase error code: ${code}\n\nDatabase error:\n${text}`;
    let recordError = '';
    await client.query(`UPDATE ${MIGRATIONS_TABLE} SET logs = $2 WHERE id = $1`, [id, logs]).catch((e: unknown) => {
      recordError = `\n(recording the failure in _prisma_migrations also failed: ${(e as Error).message})`;
    });
    throw new MigrationError(`P3018: Migration \`${migration.name}\` failed to apply: ${text} (SQLSTATE ${code})${recordError}`, migration.name, 'P3018');
  }
}

/**
 * Applies every migration folder not yet recorded as applied, in name order, under Prisma's advisory
 * lock; a concurrent caller waits for the lock and then finds the migrations applied.
 */
export async function applyMigrations(pool: Pool, options: MigrateOptions = {}): Promise<MigrationResult> {
  const dir = options.dir ?? defaultDir();
  const log = options.log ?? defaultLog;
  const migrations = await readMigrationsDir(dir);

  const client = await pool.connect();
  let failure: Error | undefined;
  let restoreQueryTimeout: () => void = () => undefined;
  try {
    // A migration (a backfill, an index on a large table) and the wait for another migrator's lock may
    // outlast VIGIL_DATABASE_STATEMENT_TIMEOUT_MS: no limit in this session (reset before release below).
    await client.query('SET statement_timeout = 0');
    // and no client-side query timeout either (lib/db.ts): a long backfill is not a silent database.
    restoreQueryTimeout = liftQueryTimeout(client);
    // Session-level lock on this one connection, held across every script it runs.
    await client.query(`SELECT pg_advisory_lock(${ADVISORY_LOCK_KEY})`);
    try {
      await initializeMigrationsTable(client, dir);
      const rows = await loadRows(client);

      const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
      if (failed.length > 0) throw failedMigrationsError(failed);

      const live = rows.filter((r) => r.rolled_back_at === null);
      for (const migration of migrations) {
        const row = live.find((r) => r.migration_name === migration.name);
        if (row && migration.script && !checksumMatches(migration.script, row.checksum)) {
          log(`warning: migration \`${migration.name}\` was modified after it was applied (checksum differs)`);
        }
      }

      const pending = migrations.filter((m) => !live.some((r) => r.migration_name === m.name));
      const applied: string[] = [];
      for (const migration of pending) {
        log(`Applying migration \`${migration.name}\``);
        await applyOne(client, migration);
        applied.push(migration.name);
      }
      return { applied, alreadyApplied: migrations.length - pending.length };
    } finally {
      // An unlock failure must not hide the run's own outcome; discarding the connection releases the lock.
      await client.query(`SELECT pg_advisory_unlock(${ADVISORY_LOCK_KEY})`).catch((e: unknown) => {
        failure = e instanceof Error ? e : new Error(String(e));
      });
    }
  } catch (err) {
    failure = err instanceof Error ? err : new Error(String(err));
    throw err;
  } finally {
    // After any failure the connection is discarded, so no half-finished transaction state leaks into the pool.
    if (!failure) await client.query('RESET statement_timeout').catch((e: unknown) => (failure = e instanceof Error ? e : new Error(String(e))));
    restoreQueryTimeout();
    client.release(failure);
  }
}

/**
 * Applies the migrations to a process's database: over its pool, or — behind a transaction pooler, where
 * the session advisory lock would stay held on whichever server connection took it — over one
 * connection to DATABASE_DIRECT_URL (lib/db-pooling.ts).
 */
export async function migrateDatabase(
  db: { pool: Pool; directUrl?: string; transactionPooled?: boolean },
  options: MigrateOptions = {},
): Promise<MigrationResult> {
  if (!db.transactionPooled) return applyMigrations(db.pool, options);
  if (!db.directUrl) throw new Error('VIGIL_DATABASE_POOLING=transaction needs DATABASE_DIRECT_URL: migrations hold a session lock');
  const direct = new pg.Pool({ connectionString: db.directUrl, max: 1 });
  try {
    return await applyMigrations(direct, options);
  } finally {
    await direct.end();
  }
}

/** What `prisma migrate status` would report: applied, pending and failed migration names. Takes no lock. */
export async function migrationStatus(pool: Pool, options: MigrateOptions = {}): Promise<MigrationStatus> {
  const migrations = await readMigrationsDir(options.dir ?? defaultDir());
  const rows = (await migrationsTableExists(pool)) ? await loadRows(pool) : [];
  const live = rows.filter((r) => r.rolled_back_at === null);
  const unique = (names: string[]): string[] => [...new Set(names)];
  return {
    applied: unique(live.filter((r) => r.finished_at !== null).map((r) => r.migration_name)),
    pending: migrations.filter((m) => !live.some((r) => r.migration_name === m.name)).map((m) => m.name),
    failed: unique(live.filter((r) => r.finished_at === null).map((r) => r.migration_name)),
  };
}
