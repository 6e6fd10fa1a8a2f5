'use strict';
// Builds the console (web/src, TypeScript + Preact + Apollo Client 4) into web/dist, with no network:
// 1. web/schema.graphql: the API schema clients see, derived from the composed supergraph (schema/supergraph.graphql,
//    written by `npm run compose`) by Apollo's own rules (@inaccessible removed, join directives gone).
// 2. GraphQL Codegen's client preset types every operation in web/src against it (an operation naming a field the
//    schema lacks fails the build) and writes web/dist/persisted-documents.json, the trusted-documents manifest.
// 3. tsc checks web/src; Vite bundles it to web/dist (hashed files, no inline script: the gateway's CSP holds).
// Runs from `npm install`/`npm ci` (postinstall) and from `npm start` when web/dist is missing or older than a source.

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const ROOT = path.join(__dirname, '..');
const WEB = path.join(ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const SCHEMA = path.join(WEB, 'schema.graphql');

function newest(dir) {
  let t = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.name === 'gql') continue;
    t = Math.max(t, e.isDirectory() ? newest(full) : fs.statSync(full).mtimeMs);
  }
  return t;
}

function webIsStale() {
  const stamp = path.join(DIST, 'index.html');
  if (!fs.existsSync(stamp)) return true;
  const built = fs.statSync(stamp).mtimeMs;
  const inputs = [path.join(WEB, 'index.html'), path.join(ROOT, 'schema', 'supergraph.graphql'), __filename];
  return newest(path.join(WEB, 'src')) > built || inputs.some((f) => fs.statSync(f).mtimeMs > built);
}

function writeApiSchema() {
  const { Supergraph } = require('@apollo/federation-internals');
  const { printSchema } = require('graphql');
  const supergraph = Supergraph.build(fs.readFileSync(path.join(ROOT, 'schema', 'supergraph.graphql'), 'utf8'));
  fs.writeFileSync(SCHEMA, `${printSchema(supergraph.apiSchema().toGraphQLJSSchema())}\n`);
}

async function buildWeb() {
  writeApiSchema();
  const { generate } = require('@graphql-codegen/cli');
  await generate(
    {
      schema: SCHEMA,
      documents: ['web/src/**/*.tsx', 'web/src/**/*.ts', '!web/src/gql/**'],
      ignoreNoDocuments: false,
      silent: true,
      generates: {
        'web/src/gql/': {
          preset: 'client',
          presetConfig: { fragmentMasking: false, persistedDocuments: { hashAlgorithm: 'sha256' } },
          config: { enumsAsTypes: true, useTypeImports: true, scalars: { DateTime: 'string', JSON: 'unknown' } },
        },
      },
    },
    true,
  );
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(WEB, 'tsconfig.json')], { stdio: 'inherit', cwd: ROOT });
  const vite = await import('vite');
  await vite.build({
    root: WEB,
    base: '/dashboard/',
    logLevel: 'warn',
    resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat', 'react/jsx-runtime': 'preact/jsx-runtime' } },
    esbuild: undefined,
    oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
    build: { outDir: DIST, emptyOutDir: true, modulePreload: { polyfill: false }, reportCompressedSize: false },
  });
  fs.copyFileSync(path.join(WEB, 'src', 'gql', 'persisted-documents.json'), path.join(DIST, 'persisted-documents.json'));
  const now = new Date();
  fs.utimesSync(path.join(DIST, 'index.html'), now, now);
}

/** One build at a time (two test workers starting Vigil together): the second waits for the first's lock. */
function buildWebIfStale() {
  if (!webIsStale()) return;
  const lock = path.join(WEB, '.building');
  const started = Date.now();
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch {
      if (Date.now() - started > 300_000) fs.rmSync(lock, { recursive: true, force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    if (webIsStale()) execFileSync(process.execPath, [__filename], { stdio: 'inherit', cwd: ROOT });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

module.exports = { buildWebIfStale, webIsStale };

if (require.main === module) {
  try {
    require.resolve('vite');
  } catch {
    // `npm ci --omit=dev` (a production image): the dev tools that build the console are absent.
    process.stderr.write('web-build: Vite is not installed (dev dependencies omitted): the console is not built\n');
    process.exit(0);
  }
  buildWeb().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
