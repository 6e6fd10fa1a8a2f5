'use strict';
// `npm run db:generate` (and npm's postinstall): generates the Prisma client into generated/prisma with
// Prisma's own CLI, printing one line when it works and everything Prisma said when it does not, so
// `npm ci` stays a few lines long. PRISMA_SCHEMA_ENGINE_BINARY: any path stops `prisma generate` from
// downloading a schema engine it does not need (it cannot be downloaded on these machines).

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const prisma = require.resolve('prisma/build/index.js', { paths: [ROOT] });
const started = Date.now();
const run = spawnSync(process.execPath, [prisma, 'generate'], {
  cwd: ROOT,
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1' },
  encoding: 'utf8',
});
if (run.status !== 0) {
  process.stderr.write(`${run.stdout}${run.stderr}${run.error ? `${run.error.message}\n` : ''}prisma generate failed (exit code ${run.status})\n`);
  process.exit(run.status || 1);
}
process.stdout.write(`generated the Prisma client in generated/prisma (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
