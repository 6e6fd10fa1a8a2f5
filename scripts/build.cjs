'use strict';
// `npm run build`: compiles the service's TypeScript to dist/ (tsc -p tsconfig.build.json: CommonJS,
// incremental, no emit on a type error) and copies beside it the files the code reads relative to its
// own folder at run time (subgraph SDL, migrations, the Prisma schema), so `node dist/…` finds them
// where `tsx` finds them in the sources. The copies are build output only: the sources stay the one
// copy in git.
//
// `buildIfStale()` is what `npm start` and the other run scripts call first (scripts/run-compiled.cjs):
// it builds only when dist/ is missing or a source is newer than dist/'s stamp. Plain JavaScript,
// because it runs before anything is compiled.

const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'dist');
const TSCONFIG = path.join(ROOT, 'tsconfig.build.json');
/**
 * Written when a build succeeds: the list of its inputs, with the time the build started as the file's
 * mtime (a source saved later is newer; a source added, moved or deleted changes the list).
 */
const STAMP = path.join(DIST, '.built');
/** A directory (mkdir is atomic): one build at a time, e.g. two test workers starting the service together. */
const LOCK = path.join(DIST, '.building');
/** No build takes this long: a lock older than this is left over, whatever its pid says. */
const LOCK_GIVE_UP_MS = 10 * 60_000;
const ASSET_EXTENSIONS = new Set(['.graphql', '.sql', '.prisma', '.toml']);
/** Changes to these rebuild everything, like a source change. */
const BUILD_INPUTS = [path.join(ROOT, 'tsconfig.json'), TSCONFIG, __filename];

/** The folders tsconfig.build.json leaves out (tests, benchmarks, …), read from it so the two never disagree. */
function excludedPaths() {
  const { exclude = [] } = JSON.parse(fs.readFileSync(TSCONFIG, 'utf8'));
  return new Set(exclude.map((p) => path.join(ROOT, p)));
}

/**
 * The build's inputs: every .ts file tsc compiles and every asset to copy. Like tsc's wildcards, names
 * starting with a dot (.git, .vigil data) are skipped.
 */
function sourceTree() {
  const excluded = excludedPaths();
  const tree = { compiled: [], assets: [] };
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('.') || excluded.has(full)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) tree.compiled.push(full);
      else if (ASSET_EXTENSIONS.has(path.extname(entry.name))) tree.assets.push(full);
    }
  };
  walk(ROOT);
  return tree;
}

const inputList = (tree) =>
  [...tree.compiled, ...tree.assets]
    .map((file) => path.relative(ROOT, file))
    .sort()
    .join('\n');

const mtime = (file) => fs.statSync(file).mtimeMs;

/** Why dist/ must be (re)built, or null when it is current. */
function staleness(entryFile) {
  if (!fs.existsSync(STAMP)) return 'dist/ has not been built';
  if (entryFile && !fs.existsSync(entryFile)) return `${path.relative(ROOT, entryFile)} is missing`;
  const builtAt = mtime(STAMP);
  const tree = sourceTree();
  const newer = [...tree.compiled, ...tree.assets, ...BUILD_INPUTS].find((file) => mtime(file) > builtAt);
  if (newer) return `${path.relative(ROOT, newer)} changed`;
  return fs.readFileSync(STAMP, 'utf8') === inputList(tree) ? null : 'a source file was added, moved or deleted';
}

function sleep(ms) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Whether the process that took the lock is gone (a build interrupted by Ctrl-C leaves the lock behind). */
function lockAbandoned() {
  let takenAt;
  try {
    takenAt = mtime(LOCK);
  } catch {
    return false; // released meanwhile: try again
  }
  if (Date.now() - takenAt > LOCK_GIVE_UP_MS) return true;
  let pid;
  try {
    pid = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
  } catch {
    return Date.now() - takenAt > 5_000; // its pid is written right after the lock is taken
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === 'ESRCH';
  }
}

function withLock(fn) {
  fs.mkdirSync(DIST, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      if (lockAbandoned()) fs.rmSync(LOCK, { recursive: true, force: true });
      else sleep(200);
    }
  }
  try {
    return fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/** Build output whose source is gone (a file moved or deleted) would still be loaded or read: removed. */
function pruneOrphans(tree) {
  const compiled = new Set(tree.compiled.map((file) => path.relative(ROOT, file).replace(/\.ts$/, '')));
  const assets = new Set(tree.assets.map((file) => path.relative(ROOT, file)));
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const relative = path.relative(DIST, full);
      const output = relative.match(/^(.*)\.js(\.map)?$/);
      if (output ? !compiled.has(output[1]) : !assets.has(relative)) fs.rmSync(full);
    }
  };
  walk(DIST);
}

function tscPath() {
  try {
    return require.resolve('typescript/bin/tsc', { paths: [ROOT] });
  } catch {
    return null;
  }
}

/** Compiles and copies; throws (dist/ left as it was, stamp not renewed) when tsc reports errors. */
function build({ clean = false } = {}) {
  const tsc = tscPath();
  if (!tsc) throw new Error('TypeScript is not installed (a production install without dev dependencies?): run `npm ci`, then `npm run build`.');
  const startedAt = new Date();
  if (clean) fs.rmSync(path.join(DIST, '.tsbuildinfo'), { force: true });
  try {
    // tsc prints its diagnostics on stdout; they go to stderr so a command's stdout stays its own (`npm run vigil` prints one JSON line).
    execFileSync(process.execPath, [tsc, '-p', TSCONFIG], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  } catch {
    throw new Error('The TypeScript build failed (errors above); dist/ was not updated.');
  }
  const tree = sourceTree();
  for (const asset of tree.assets) {
    const target = path.join(DIST, path.relative(ROOT, asset));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(asset, target);
  }
  pruneOrphans(tree);
  fs.writeFileSync(STAMP, inputList(tree));
  fs.utimesSync(STAMP, startedAt, startedAt);
}

/**
 * Builds dist/ when it is missing or older than its sources (what `npm start` does first). With no
 * TypeScript installed, an existing dist/ runs as it is.
 */
function buildIfStale(entryFile) {
  // The console (web/dist): built by its own script when a web source is newer (Vite, codegen, tsc; no network).
  if (fs.existsSync(path.join(ROOT, 'node_modules', 'vite'))) require('./web-build.cjs').buildWebIfStale();
  const reason = staleness(entryFile);
  if (!reason) return;
  if (!tscPath() && fs.existsSync(STAMP) && (!entryFile || fs.existsSync(entryFile))) {
    process.stderr.write(`dist/ may be stale (${reason}) but TypeScript is not installed: running it as it is\n`);
    return;
  }
  withLock(() => {
    const still = staleness(entryFile); // another process may have built it while this one waited
    if (!still) return;
    process.stderr.write(`building dist/ (${still}) …\n`);
    const started = Date.now();
    // An entry missing under a current stamp means dist/ was edited by hand: tsc's incremental state would skip it.
    build({ clean: fs.existsSync(STAMP) && entryFile !== undefined && !fs.existsSync(entryFile) });
    process.stderr.write(`built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  });
}

module.exports = { DIST, buildIfStale };

if (require.main === module) {
  try {
    if (process.argv.includes('--if-stale')) buildIfStale();
    else {
      if (fs.existsSync(path.join(ROOT, 'node_modules', 'vite'))) require('./web-build.cjs').buildWebIfStale();
      withLock(() => build());
    }
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
