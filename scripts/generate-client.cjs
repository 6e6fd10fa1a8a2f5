'use strict';
// `npm run db:generate` (and npm's postinstall): generates the Prisma client into generated/prisma with
// Prisma's own CLI, printing one line when it works and everything Prisma said when it does not, so
// `npm ci` stays a few lines long. PRISMA_SCHEMA_ENGINE_BINARY: any path stops `prisma generate` from
// downloading a schema engine it does not need (it cannot be downloaded on these machines).
//
// Files whose bytes did not change keep their modification time: `npm ci` runs this, and a client
// rewritten with new mtimes made dist/ look stale, so the next `npm start` recompiled everything
// (15.6 s) although no source had changed (scripts/build.cjs compares mtimes).

const { spawnSync } = require('node:child_process');
const path = require('node:path');

const fs = require('node:fs');

const ROOT = path.join(__dirname, '..');
const GENERATED = path.join(ROOT, 'generated', 'prisma');

/** Every file under dir with its bytes and times. */
function snapshot(dir, files = new Map()) {
  if (!fs.existsSync(dir)) return files;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) snapshot(full, files);
    else files.set(full, { bytes: fs.readFileSync(full), stat: fs.statSync(full) });
  }
  return files;
}

const before = snapshot(GENERATED);
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
let kept = 0;
for (const [file, { bytes }] of snapshot(GENERATED)) {
  const old = before.get(file);
  if (old?.bytes.equals(bytes)) {
    // In the middle of the old millisecond: a Date (or ms / 1000) lands a hair below the millisecond about
    // half the time once converted to seconds as a double, and the file would look 1 ms older (and changed).
    const middle = (ms) => (Math.floor(ms) + 0.5) / 1000;
    fs.utimesSync(file, middle(old.stat.atimeMs), middle(old.stat.mtimeMs));
    kept++;
  }
}
process.stdout.write(`generated the Prisma client in generated/prisma (${((Date.now() - started) / 1000).toFixed(1)} s, ${kept} files unchanged)\n`);
