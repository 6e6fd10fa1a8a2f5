/**
 * Where a REST page of the alert list spends its time in this process (profiling aid for bench:alerts,
 * not a benchmark): on a database kept by `BENCH_DATABASE=<name> npm run bench:alerts`, the page of 100
 * (order `rule`) BENCH_PAGES times (2,000) after a warm-up. Run it under `--cpu-prof`:
 *   BENCH_DATABASE=<name> node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/alerts-profile.ts
 */
import '../lib/production-mode';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'undici';
import { startVigil } from '../app/vigil';
import { COMMANDS } from '../cli/commands';
import { loadConfig } from '../lib/config';
import { setLogLevel } from '../lib/log';

const BASE_URL = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgresql://root@127.0.0.1:5432/postgres';
const PAGES = Number(process.env.BENCH_PAGES ?? 2000);

async function main(): Promise<void> {
  setLogLevel('warn');
  const name = process.env.BENCH_DATABASE;
  if (!name || !/^\w+$/.test(name)) throw new Error('BENCH_DATABASE=<a database kept by bench:alerts>');
  const url = new URL(BASE_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-bench-'));
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
    }),
  );
  try {
    const { rows } = await vigil.db.pool.query<{ id: string }>(`SELECT id FROM organizations.organizations WHERE name = 'Bench org 0'`);
    const account = (await COMMANDS.bootstrap.run(
      vigil.db,
      { email: `profile-${randomBytes(3).toString('hex')}@example.com`, organization: 'Profile' },
      () => undefined,
    )) as { userId: string; apiKey: string };
    await vigil.db.pool.query(`INSERT INTO organizations.memberships ("organizationId", "userId", roles, "updatedAt") VALUES ($1, $2, '{ADMIN}', now())`, [
      rows[0].id,
      account.userId,
    ]);
    const client = new Pool(vigil.url, { connections: 1 });
    const body = JSON.stringify({
      states: ['OPEN', 'IN_PROGRESS', 'RISK_ACCEPTED', 'MITIGATING_CONTROL', 'FALSE_POSITIVE'],
      severities: ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO'],
      order: 'rule',
      sort: 'DESC',
      lang: 'en-US',
    });
    const page = async () => {
      const response = await client.request({
        path: `/organizations/${rows[0].id}/alerts?size=100`,
        method: 'POST',
        headers: { authorization: `Bearer ${account.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body,
      });
      const json = (await response.body.json()) as { data: unknown[] };
      if (response.statusCode !== 200 || json.data.length !== 100) throw new Error(`page: ${response.statusCode}`);
    };
    for (let i = 0; i < 200; i++) await page();
    if (process.env.BENCH_SHOW_SQL) {
      const pgModule = await import('pg');
      const original = pgModule.default.Client.prototype.query;
      pgModule.default.Client.prototype.query = function shown(this: unknown, ...args: unknown[]) {
        const config = args[0] as string | { text: string };
        process.stderr.write(`SQL: ${(typeof config === 'string' ? config : config.text).replace(/\s+/g, ' ')}\n`);
        return (original as (...a: unknown[]) => unknown).apply(this, args);
      } as typeof original;
      await page();
      pgModule.default.Client.prototype.query = original;
    }
    const started = performance.now();
    for (let i = 0; i < PAGES; i++) await page();
    process.stderr.write(`${PAGES} pages, ${((performance.now() - started) / PAGES).toFixed(2)} ms per page (mean)\n`);
    await client.close();
  } finally {
    await vigil.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
