/**
 * Where a REST page of the alert list spends its time in this process (profiling aid for bench:alerts,
 * not a benchmark): on a database kept by `BENCH_DATABASE=<name> npm run bench:alerts`, the page of 100
 * (order `rule`) BENCH_PAGES times (2,000) after a warm-up. Run it under `--cpu-prof`:
 *   BENCH_DATABASE=<name> node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/alerts-profile.ts
 */
import '../lib/production-mode';
import { randomBytes } from 'node:crypto';
import { Pool } from 'undici';
import { COMMANDS } from '../cli/commands';
import { setLogLevel } from '../lib/log';
import { startBenchVigil } from './bench-vigil';

const PAGES = Number(process.env.BENCH_PAGES ?? 2000);

async function main(): Promise<void> {
  setLogLevel('warn');
  if (!process.env.BENCH_DATABASE) throw new Error('BENCH_DATABASE=<a database kept by bench:alerts>');
  // The same kept database and whole Vigil as bench:alerts (bench/bench-vigil.ts).
  const bench = await startBenchVigil('vigil_bench');
  const { vigil } = bench;
  try {
    const { rows } = await vigil.db.pool.query<{ id: string }>(`SELECT id FROM organizations.organizations WHERE name = 'Bench org 0'`);
    if (!rows[0]) throw new Error(`${process.env.BENCH_DATABASE} holds no bench:alerts data (run BENCH_DATABASE=<name> npm run bench:alerts first)`);
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
    const cpu = process.cpuUsage();
    for (let i = 0; i < PAGES; i++) await page();
    // The process's CPU per page (service and client alike) moves far less with the machine's load than the wall time.
    const used = process.cpuUsage(cpu);
    process.stderr.write(
      `${PAGES} pages, ${((performance.now() - started) / PAGES).toFixed(2)} ms per page (mean), ${((used.user + used.system) / 1000 / PAGES).toFixed(2)} ms of this process's CPU per page\n`,
    );
    await client.close();
  } finally {
    await bench.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack ?? error}\n`);
  process.exit(1);
});
