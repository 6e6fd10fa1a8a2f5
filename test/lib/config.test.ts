import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../lib/config';
import { log } from '../../lib/log';
import { buildOnce, ROOT, spawnCompiled } from '../support/processes';

/**
 * Configuration is checked at start-up: every problem named at once, the process stops before it
 * starts anything (the documentation of the variables: test/cli/configuration-docs.test.ts).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vigil-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
afterEach(() => jest.restoreAllMocks());
jest.setTimeout(120_000);

const BAD = {
  VIGIL_SCHEDULER: 'disabled',
  VIGIL_SUBGRAPH_TRANSPORT: 'htpp',
  LOG_LEVEL: 'verbose',
  VIGIL_SCHEDULER_INTERVAL_MS: 'abc',
  VIGIL_RATE_LIMIT_PER_KEY: '-5',
  PORT: '70000',
  VIGIL_PUBLIC_URL: 'vigil.example.com',
  VIGIL_SCHEDULR: 'off',
};

it('names every bad or unknown variable in one error', () => {
  let error: unknown;
  try {
    loadConfig({ VIGIL_DATA_DIR: dataDir, ...BAD });
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const problems = (error as ConfigError).problems;
  expect(problems).toHaveLength(Object.keys(BAD).length);
  for (const name of Object.keys(BAD)) expect(problems.some((p) => p.startsWith(`${name} `))).toBe(true);
  expect(problems.find((p) => p.startsWith('VIGIL_SCHEDULR '))).toMatch(/not a Vigil setting/);
});

it('takes the documented spellings of valid values', () => {
  // VIGIL_SCHEDULER's deprecation warning (checked in test/config's concurrency case for its sibling) kept off the output.
  jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  const config = loadConfig({
    VIGIL_DATA_DIR: dataDir,
    VIGIL_SCHEDULER: 'OFF',
    VIGIL_SUBGRAPH_TRANSPORT: 'http',
    LOG_LEVEL: 'warn',
    VIGIL_SCHEDULER_INTERVAL_MS: '2500',
  });
  expect(config.scheduler).toEqual({ enabled: false, intervalMs: 2500 });
  expect([config.subgraphTransport, config.logLevel]).toEqual(['http', 'warn']);
  expect(loadConfig({ VIGIL_DATA_DIR: dataDir, VIGIL_SCHEDULER: 'yes' }).scheduler.enabled).toBe(true);
});

it('lets VIGIL_WORKERS alone say whether this process schedules scans', () => {
  const scheduling = (workers: string) => loadConfig({ VIGIL_DATA_DIR: dataDir, VIGIL_WORKERS: workers }).scheduler.enabled;
  expect([scheduling('all'), scheduling('scan.schedule,scan.run'), scheduling('jobs.purge,scan.run'), scheduling('none')]).toEqual([true, true, false, false]);
});

it("names the job runner's concurrency for what it is, and still reads its old name with one warning", () => {
  const warned = jest.spyOn(log, 'warn').mockImplementation(() => undefined);
  try {
    expect(loadConfig({ VIGIL_DATA_DIR: dataDir }).jobConcurrency).toBe(4);
    expect(loadConfig({ VIGIL_DATA_DIR: dataDir, VIGIL_JOB_CONCURRENCY: '7' }).jobConcurrency).toBe(7);
    expect(warned).not.toHaveBeenCalled();
    expect(loadConfig({ VIGIL_DATA_DIR: dataDir, VIGIL_WEBHOOK_CONCURRENCY: '6' }).jobConcurrency).toBe(6);
    expect(loadConfig({ VIGIL_DATA_DIR: dataDir, VIGIL_WEBHOOK_CONCURRENCY: '6', VIGIL_JOB_CONCURRENCY: '8' }).jobConcurrency).toBe(8);
    expect(warned.mock.calls.map(([message]) => message)).toEqual([expect.stringMatching(/^VIGIL_WEBHOOK_CONCURRENCY is deprecated: .*VIGIL_JOB_CONCURRENCY/)]);
  } finally {
    warned.mockRestore();
  }
});

it('keeps REDIS_URL apart from the rate limits: one setting for the rate-limit counts and the subscription wake-ups', () => {
  const config = loadConfig({ VIGIL_DATA_DIR: dataDir, REDIS_URL: 'redis://redis.example:6379' });
  expect(config.redisUrl).toBe('redis://redis.example:6379');
  expect(config.limits.rateLimit).not.toHaveProperty('redisUrl');
});

it('stops `npm start` before it starts anything, exit code 1, each problem on its own line', async () => {
  const child = await spawnCompiled('app/main', [], { env: { ...process.env, DATABASE_URL: '', VIGIL_DATA_DIR: dataDir, ...BAD } });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  expect(code).toBe(1);
  for (const name of Object.keys(BAD)) expect(stderr).toMatch(new RegExp(`^  - ${name} `, 'm'));
  expect(stderr).not.toMatch(/Vigil is up|Applying migration/);
});

/** Runs `npm <args>` in the project as a user's shell would: npm reads only the project's .npmrc. */
async function npm(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const child = spawn('npm', args, { cwd: ROOT, env: { ...clean, ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr };
}

it('`npm run vigil -- bootstrap` ends its stdout with one JSON line (`npm run -s`: that line alone); a failing command prints one clear error and no JSON', async () => {
  await buildOnce();
  const home = mkdtempSync(path.join(os.tmpdir(), 'vigil-npm-'));
  try {
    const env = { DATABASE_URL: '', VIGIL_DATA_DIR: home };
    const run = await npm(['run', 'vigil', '--', 'bootstrap', '--email', 'npm@example.com', '--organization', 'Npm Co'], env);
    expect({ code: run.code, stderr: run.code ? run.stderr : '' }).toEqual({ code: 0, stderr: '' });
    const lines = run.stdout.split('\n').filter((line) => line !== '');
    // npm's banner ("> vigil@… vigil", "> node scripts/run-compiled.cjs …") may stand before the result.
    expect(lines.slice(0, -1).length).toBeGreaterThan(0);
    expect(lines.slice(0, -1).every((line) => line.startsWith('> '))).toBe(true);
    expect(Object.keys(JSON.parse(lines[lines.length - 1]))).toEqual(['userId', 'organizationId', 'apiKey']);

    const silent = await npm(['run', '-s', 'vigil', '--', 'bootstrap', '--email', 'npm-2@example.com', '--organization', 'Npm Co 2'], env);
    expect({ code: silent.code, stderr: silent.code ? silent.stderr : '' }).toEqual({ code: 0, stderr: '' });
    expect(silent.stdout.split('\n').filter((line) => line !== '')).toHaveLength(1);
    expect(Object.keys(JSON.parse(silent.stdout))).toEqual(['userId', 'organizationId', 'apiKey']);

    const help = await npm(['run', '-s', 'vigil', '--', '--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: npm run vigil -- <command>\n {2}bootstrap /);

    const unknown = await npm(['run', 'vigil', '--', 'no-such-command'], {});
    expect(unknown.code).not.toBe(0);
    expect(unknown.stdout).not.toMatch(/[{}]/);
    expect(unknown.stderr).toMatch(/^vigil: unknown command "no-such-command"$/m);
    expect(unknown.stderr).not.toMatch(/npm (error|warn)/);

    const missing = await npm(['run', 'no-such-script'], {});
    expect(missing.code).not.toBe(0);
    expect(missing.stdout).not.toMatch(/[{}]/);
    expect(missing.stderr).toMatch(/Missing script: "no-such-script"/);
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
});
