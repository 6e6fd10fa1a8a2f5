import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startVigil } from '../../app/vigil';
import { COMMANDS } from '../../cli/commands';
import { loadConfig } from '../../lib/config';
import { setLogLevel } from '../../lib/log';
import { startServiceProcess } from '../support/processes';
import { createTestDatabase, request } from '../support/vigil';

it('keeps data across a restart on PostgreSQL, and a second start applies no migration twice', async () => {
  setLogLevel('silent');
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-pg-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    SUBGRAPH_BASE_PORT: '0',
    VIGIL_SECRET: randomBytes(8).toString('hex'),
    VIGIL_DATA_DIR: dataDir,
  });
  try {
    const first = await startVigil(config);
    const account = (await COMMANDS.bootstrap.run(first.db, { email: 'pg@example.com', organization: 'PG Org' }, () => undefined)) as {
      apiKey: string;
      organizationId: string;
    };
    await first.close();

    const second = await startVigil(config);
    try {
      const me = await request(second.url, 'GET', '/me', { key: account.apiKey });
      expect(me.status).toBe(200);
      expect(me.body.member).toEqual([{ id: account.organizationId, roles: ['ADMIN'] }]);
      const migrations = await second.db.pool.query(`SELECT migration_name, count(*)::int AS n FROM _prisma_migrations GROUP BY 1`);
      expect(migrations.rows.length).toBeGreaterThan(0);
      for (const row of migrations.rows) expect(row.n).toBe(1);
    } finally {
      await second.close();
    }
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('refuses to start, with a clear message, while a migration is recorded as failed', async () => {
  setLogLevel('silent');
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-pg-'));
  const config = loadConfig({
    DATABASE_URL: database.url,
    PORT: '0',
    SUBGRAPH_BASE_PORT: '0',
    VIGIL_SECRET: 'x'.repeat(16),
    VIGIL_DATA_DIR: dataDir,
    VIGIL_SCHEDULER: 'off',
  });
  try {
    const first = await startVigil(config);
    // What Prisma leaves behind when a script fails half-way: a row with neither finished_at nor rolled_back_at.
    await first.db.pool.query(
      `INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count, logs) VALUES (gen_random_uuid()::text, 'x', '29991231000000_half_done', now(), 0, 'boom')`,
    );
    await first.close();
    await expect(startVigil(config)).rejects.toThrow(/29991231000000_half_done/);
  } finally {
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('starts with VIGIL_SECRET and DATABASE_URL set and no data directory yet (npm start creates it)', async () => {
  const database = await createTestDatabase();
  const parent = mkdtempSync(path.join(os.tmpdir(), 'vigil-nodir-'));
  const dataDir = path.join(parent, 'not', 'there', 'yet');
  try {
    const service = await startServiceProcess({
      DATABASE_URL: database.url,
      VIGIL_SECRET: randomBytes(8).toString('hex'),
      VIGIL_DATA_DIR: dataDir,
      SUBGRAPH_BASE_PORT: '0',
      LOG_LEVEL: 'warn',
      VIGIL_SCHEDULER: 'off',
    });
    try {
      // Past "Vigil is up" (where the missing directory crashed it), still serving.
      await new Promise((r) => setTimeout(r, 500));
      expect(service.child.exitCode).toBeNull();
      expect((await request(service.url, 'GET', '/readyz')).body).toMatchObject({ status: 'ready', database: 'postgres' });
    } finally {
      expect(await service.stop()).toBe(0);
    }
  } finally {
    await database.drop();
    rmSync(parent, { recursive: true, force: true });
  }
});
