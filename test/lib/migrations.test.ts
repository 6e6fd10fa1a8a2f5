// The offline migration runner against a real PostgreSQL (one fresh database per test) and against
// embedded PGlite served through pglite-socket.

import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { applyMigrations, checksumMatches, MigrationError, migrationStatus } from '../../lib/migrate';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://root@127.0.0.1:5432/postgres';
const MIGRATIONS_DIR = path.join(__dirname, '..', '..', 'prisma', 'migrations');
const BROKEN = '99999999999999_broken';
const SCHEMAS = ['organizations', 'alerts', 'questionnaires', 'documents'];

interface TestDb {
  url: string;
  pools: Pool[];
  pool(max?: number): Pool;
}

const admin = new Pool({ connectionString: ADMIN_URL, max: 2 });
const created: { name: string; db: TestDb }[] = [];
const tempDirs: string[] = [];

async function createTestDb(): Promise<TestDb> {
  const name = `vigil_mig_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const db: TestDb = {
    url: url.toString(),
    pools: [],
    pool(max = 4) {
      const pool = new Pool({ connectionString: db.url, max });
      // The database is dropped WITH (FORCE) after each test; a connection it cuts must not crash the run.
      pool.on('error', () => undefined);
      db.pools.push(pool);
      return pool;
    },
  };
  created.push({ name, db });
  return db;
}

async function realMigrationNames(): Promise<string[]> {
  const entries = await fs.readdir(MIGRATIONS_DIR, { withFileTypes: true });
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b));
}

/** A temp copy of the real migrations folder, for tests that add or edit migrations. */
async function copyMigrations(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-migrations-'));
  tempDirs.push(dir);
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

async function tablesIn(pool: Pool, schemas: string[]): Promise<string[]> {
  const res = await pool.query<{ name: string }>(
    `SELECT table_schema || '.' || table_name AS name FROM information_schema.tables
      WHERE table_schema = ANY($1::text[]) ORDER BY 1`,
    [schemas],
  );
  return res.rows.map((r) => r.name);
}

interface Row {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  rolled_back_at: Date | null;
  logs: string | null;
  applied_steps_count: number;
}

async function migrationRows(pool: Pool): Promise<Row[]> {
  const res = await pool.query<Row>(
    `SELECT migration_name, checksum, finished_at, rolled_back_at, logs, applied_steps_count
       FROM public._prisma_migrations ORDER BY started_at, migration_name`,
  );
  return res.rows;
}

afterEach(async () => {
  for (const { name, db } of created.splice(0)) {
    await Promise.all(db.pools.map((p) => p.end()));
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
  for (const dir of tempDirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
});

afterAll(async () => {
  await admin.end();
});

describe('applyMigrations on PostgreSQL', () => {
  it('applies the real migrations to a fresh database exactly as Prisma records them', async () => {
    const db = await createTestDb();
    const pool = db.pool();
    const names = await realMigrationNames();
    expect(names.length).toBeGreaterThan(0);

    const lines: string[] = [];
    const result = await applyMigrations(pool, { log: (l) => lines.push(l) });
    expect(result).toEqual({ applied: names, alreadyApplied: 0 });
    expect(lines.filter((l) => l.startsWith('warning'))).toEqual([]);

    const tables = await tablesIn(pool, SCHEMAS);
    for (const schema of SCHEMAS) {
      expect(tables.some((t) => t.startsWith(`${schema}.`))).toBe(true);
    }
    expect(tables).toEqual(expect.arrayContaining(['organizations.users', 'organizations.organizations']));

    // Prisma's bookkeeping table, column for column.
    const columns = await pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = '_prisma_migrations' ORDER BY ordinal_position`,
    );
    expect(columns.rows).toEqual([
      { column_name: 'id', data_type: 'character varying', is_nullable: 'NO' },
      { column_name: 'checksum', data_type: 'character varying', is_nullable: 'NO' },
      { column_name: 'finished_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'migration_name', data_type: 'character varying', is_nullable: 'NO' },
      { column_name: 'logs', data_type: 'text', is_nullable: 'YES' },
      { column_name: 'rolled_back_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'started_at', data_type: 'timestamp with time zone', is_nullable: 'NO' },
      { column_name: 'applied_steps_count', data_type: 'integer', is_nullable: 'NO' },
    ]);

    const rows = await migrationRows(pool);
    expect(rows.map((r) => r.migration_name)).toEqual(names);
    for (const row of rows) {
      const bytes = await fs.readFile(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(row.finished_at).toBeInstanceOf(Date);
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }
    expect(await migrationStatus(pool)).toEqual({ applied: names, pending: [], failed: [] });
  });

  it('applies nothing on a second run', async () => {
    const db = await createTestDb();
    const pool = db.pool();
    const names = await realMigrationNames();
    await applyMigrations(pool, { log: () => undefined });

    const again = await applyMigrations(pool, { log: () => undefined });
    expect(again).toEqual({ applied: [], alreadyApplied: names.length });
    expect((await migrationRows(pool)).length).toBe(names.length);
  });

  it('keeps demo-scanning the scan targets that existed before the scanner column, except those fed by ingestion', async () => {
    const db = await createTestDb();
    const pool = db.pool();
    const dir = await copyMigrations();
    const SCANNER = '20261126000000_scan_target_scanner';
    // The database as it was before the scanner column: that migration and the later ones held back.
    const later = (await realMigrationNames()).filter((name) => name >= SCANNER);
    const held = await fs.mkdtemp(path.join(os.tmpdir(), 'vigil-held-'));
    tempDirs.push(held);
    for (const name of later) await fs.rename(path.join(dir, name), path.join(held, name));
    await applyMigrations(pool, { dir, log: () => undefined });
    const org = '6f0c1c52-0000-4000-8000-000000000001';
    const [demoFed, ingestFed, ingestFailed] = ['a', 'b', 'c'].map((c) => `6f0c1c52-0000-4000-8000-00000000000${c}`);
    await pool.query(`INSERT INTO organizations.organizations (id, name) VALUES ($1, 'Before')`, [org]);
    for (const id of [demoFed, ingestFed, ingestFailed]) {
      await pool.query(
        `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule) VALUES ($1::uuid, $2, $1::text, 'AWS', 'x', '{}')`,
        [id, org],
      );
    }
    const scan = (target: string, trigger: string, status: string) =>
      pool.query(`INSERT INTO alerts.scans (id, "scanTargetId", "organizationId", status, trigger) VALUES (gen_random_uuid(), $1, $2, $3, $4)`, [
        target,
        org,
        status,
        trigger,
      ]);
    await scan(demoFed, 'SCHEDULED', 'DONE');
    await scan(ingestFed, 'INGEST', 'DONE');
    await scan(ingestFailed, 'INGEST', 'FAILED');
    for (const name of later) await fs.rename(path.join(held, name), path.join(dir, name));
    expect((await applyMigrations(pool, { dir, log: () => undefined })).applied).toEqual(later);
    const { rows } = await pool.query<{ id: string; scanner: string }>(`SELECT id, scanner FROM alerts.scan_targets ORDER BY id`);
    expect(rows).toEqual([
      { id: demoFed, scanner: 'DEMO' },
      { id: ingestFed, scanner: 'EXTERNAL' },
      { id: ingestFailed, scanner: 'DEMO' },
    ]);
    await pool.query(
      `INSERT INTO alerts.scan_targets (id, "organizationId", name, kind, "credentialEncrypted", schedule) VALUES (gen_random_uuid(), $1, 'new', 'AWS', 'x', '{}')`,
      [org],
    );
    expect((await pool.query(`SELECT scanner FROM alerts.scan_targets WHERE name = 'new'`)).rows).toEqual([{ scanner: 'EXTERNAL' }]);
  });

  it('applies each migration exactly once when two processes start at the same time', async () => {
    const db = await createTestDb();
    const names = await realMigrationNames();
    const [a, b] = await Promise.all([applyMigrations(db.pool(), { log: () => undefined }), applyMigrations(db.pool(), { log: () => undefined })]);

    expect([...a.applied, ...b.applied].sort()).toEqual([...names].sort());
    expect(a.applied.length === 0 || b.applied.length === 0).toBe(true);
    const counts = await db
      .pool()
      .query<{ migration_name: string; n: number }>('SELECT migration_name, count(*)::int AS n FROM public._prisma_migrations GROUP BY 1 ORDER BY 1');
    expect(counts.rows).toEqual(names.map((name) => ({ migration_name: name, n: 1 })));
  });

  it('records a failed migration, refuses to go on (P3009), and applies it once rolled back and fixed', async () => {
    const db = await createTestDb();
    const pool = db.pool();
    const dir = await copyMigrations();
    const names = await realMigrationNames();
    const brokenFile = path.join(dir, BROKEN, 'migration.sql');
    await fs.mkdir(path.dirname(brokenFile));
    await fs.writeFile(brokenFile, 'CREATE TABLE "public"."half_done" (id INT PRIMARY KEY);\n\nSELECT * FROM "public"."no_such_table";\n');

    const error = await applyMigrations(pool, { dir, log: () => undefined }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(MigrationError);
    const failure = error as MigrationError;
    expect(failure.migration).toBe(BROKEN);
    expect(failure.code).toBe('P3018');
    expect(failure.message).toContain(BROKEN);
    expect(failure.message).toContain('relation "public.no_such_table" does not exist');

    // The migrations before it are applied; nothing of the broken script survives.
    expect(await tablesIn(pool, ['public'])).toEqual(['public._prisma_migrations']);
    const rows = await migrationRows(pool);
    expect(rows.map((r) => r.migration_name)).toEqual([...names, BROKEN]);
    const brokenRow = rows[rows.length - 1] as Row;
    expect(brokenRow.finished_at).toBeNull();
    expect(brokenRow.rolled_back_at).toBeNull();
    expect(brokenRow.applied_steps_count).toBe(0);
    expect(brokenRow.logs).toContain('no_such_table');
    expect(brokenRow.logs).toContain('42P01');
    expect(await migrationStatus(pool, { dir })).toEqual({ applied: names, pending: [], failed: [BROKEN] });

    // Any later run refuses until the failure is resolved.
    const refused = await applyMigrations(pool, { dir, log: () => undefined }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(MigrationError);
    const p3009 = refused as MigrationError;
    expect(p3009.code).toBe('P3009');
    expect(p3009.migration).toBe(BROKEN);
    expect(p3009.message).toContain(`prisma migrate resolve --rolled-back ${BROKEN}`);
    expect(p3009.message).toContain('no_such_table');

    // What `prisma migrate resolve --rolled-back` does, then the fixed script applies.
    await pool.query('UPDATE public._prisma_migrations SET rolled_back_at = now() WHERE migration_name = $1 AND finished_at IS NULL', [BROKEN]);
    await fs.writeFile(brokenFile, 'CREATE TABLE "public"."half_done" (id INT PRIMARY KEY);\n');
    const fixed = await applyMigrations(pool, { dir, log: () => undefined });
    expect(fixed).toEqual({ applied: [BROKEN], alreadyApplied: names.length });
    expect(await tablesIn(pool, ['public'])).toEqual(['public._prisma_migrations', 'public.half_done']);
    const final = (await migrationRows(pool)).filter((r) => r.migration_name === BROKEN);
    expect(final.map((r) => [r.rolled_back_at === null, r.finished_at === null])).toEqual([
      [false, true],
      [true, false],
    ]);
    expect(await migrationStatus(pool, { dir })).toEqual({ applied: [...names, BROKEN], pending: [], failed: [] });
  });

  it('accepts a CRLF copy of an applied migration and warns about an edited one', async () => {
    const db = await createTestDb();
    const pool = db.pool();
    const dir = await copyMigrations();
    const [first] = await realMigrationNames();
    await applyMigrations(pool, { dir, log: () => undefined });
    const file = path.join(dir, first as string, 'migration.sql');
    const original = await fs.readFile(file, 'utf8');
    expect(original).not.toContain('\r\n');

    await fs.writeFile(file, original.replace(/\n/g, '\r\n'));
    const crlfLines: string[] = [];
    expect((await applyMigrations(pool, { dir, log: (l) => crlfLines.push(l) })).applied).toEqual([]);
    expect(crlfLines.filter((l) => l.startsWith('warning'))).toEqual([]);

    await fs.writeFile(file, `${original}\n-- edited\n`);
    const editedLines: string[] = [];
    expect((await applyMigrations(pool, { dir, log: (l) => editedLines.push(l) })).applied).toEqual([]);
    expect(editedLines).toEqual([expect.stringContaining(`warning: migration \`${first}\` was modified`)]);
  });

  it('refuses a non-empty database without a migrations table (P3005), like Prisma', async () => {
    const db = await createTestDb();
    const pool = db.pool();
    await pool.query('CREATE TABLE public.legacy (id INT)');
    await expect(applyMigrations(pool, { log: () => undefined })).rejects.toMatchObject({
      name: 'MigrationError',
      code: 'P3005',
    });
    expect(await tablesIn(pool, ['public'])).toEqual(['public.legacy']);
    expect(await migrationStatus(pool)).toEqual({ applied: [], pending: await realMigrationNames(), failed: [] });
  });

  it('matches stored checksums the way Prisma does', () => {
    const lf = Buffer.from('a\nb\n');
    const crlf = Buffer.from('a\r\nb\r\n');
    const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');
    expect(checksumMatches(lf, sha(lf))).toBe(true);
    expect(checksumMatches(lf, sha(crlf))).toBe(true);
    expect(checksumMatches(crlf, sha(lf))).toBe(true);
    expect(checksumMatches(lf, sha(Buffer.from('a\nb')))).toBe(false);
  });
});

// PGlite loads its WASM and node built-ins through dynamic import(), which Jest's module sandbox rejects
// without --experimental-vm-modules; so the embedded server runs in a plain Node child, as it would under `npm start`.
const PGLITE_SERVER = `
const { PGlite } = require('@electric-sql/pglite');
const { PGLiteSocketServer } = require('@electric-sql/pglite-socket');
(async () => {
  const db = new PGlite();
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0 });
  await server.start();
  process.stdout.write(server.getServerConn() + '\\n');
  process.stdin.on('end', async () => { await server.stop(); await db.close(); process.exit(0); });
  process.stdin.resume();
})().catch((err) => { console.error(err); process.exit(1); });
`;

async function startPglite(): Promise<{ conn: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['-e', PGLITE_SERVER], {
    cwd: path.join(__dirname, '..', '..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const conn = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(out.trim());
    });
    void exited.then((code) => reject(new Error(`PGlite server exited early with code ${String(code)}`)));
  });
  return {
    conn,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill(), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

describe('applyMigrations on embedded PGlite', () => {
  it('applies the real migrations through pglite-socket', async () => {
    const server = await startPglite();
    const pool = new Pool({ connectionString: `postgresql://postgres@${server.conn}/postgres`, max: 1 });
    try {
      const names = await realMigrationNames();
      const result = await applyMigrations(pool, { log: () => undefined });
      expect(result).toEqual({ applied: names, alreadyApplied: 0 });

      const tables = await tablesIn(pool, SCHEMAS);
      for (const schema of SCHEMAS) {
        expect(tables.some((t) => t.startsWith(`${schema}.`))).toBe(true);
      }
      const rows = await migrationRows(pool);
      expect(rows.map((r) => [r.migration_name, r.applied_steps_count, r.finished_at !== null])).toEqual(names.map((n) => [n, 1, true]));
      expect(await applyMigrations(pool, { log: () => undefined })).toEqual({
        applied: [],
        alreadyApplied: names.length,
      });
      expect(await migrationStatus(pool)).toEqual({ applied: names, pending: [], failed: [] });
    } finally {
      await pool.end();
      await server.stop();
    }
  });
});
