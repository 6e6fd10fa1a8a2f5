'use strict';
// The image's last pass over its production node_modules (Dockerfile, after `npm prune --omit=dev
// --omit=optional`): files no Vigil process reads are deleted. test/deploy/image-size.test.ts sums what is left
// against the 300 MB budget with the same rule. Measured on the locked tree: 364 MB before, 85 MB of
// source maps and 56 MB of Prisma query compilers for other databases.
//   node scripts/image-prune.cjs [node_modules directory]

const fs = require('node:fs');
const path = require('node:path');

/**
 * Not read at run time, by path relative to node_modules (forward slashes):
 * - source maps: Node reads them only under --enable-source-maps, which the image does not set, and
 *   none of the browser assets Vigil serves (GraphiQL, Swagger UI, the dashboard's vendor files) is one;
 * - Prisma's query compilers for the databases Vigil does not use (SQLite, MySQL, SQL Server,
 *   CockroachDB) and for edge runtimes: the generated client (prisma/schema.prisma: postgresql,
 *   runtime nodejs) loads `query_compiler_fast_bg.postgresql.*` only (the test checks its imports).
 */
function unreadAtRunTime(file) {
  if (file.endsWith('.map')) return true;
  const prismaRuntime = /(?:^|\/)@prisma\/client\/runtime\/([^/]+)$/.exec(file);
  if (!prismaRuntime) return false;
  const name = prismaRuntime[1];
  return (name.startsWith('query_compiler_') && !name.includes('.postgresql.')) || name.startsWith('wasm-compiler-edge.');
}

module.exports = { unreadAtRunTime };

if (require.main === module) {
  const root = path.resolve(process.argv[2] ?? 'node_modules');
  let files = 0;
  let bytes = 0;
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if (!unreadAtRunTime(path.relative(root, file).split(path.sep).join('/'))) continue;
    bytes += fs.statSync(file).size;
    fs.rmSync(file);
    files++;
  }
  process.stderr.write(`image-prune: ${files} files, ${(bytes / 2 ** 20).toFixed(1)} MiB not read at run time deleted from ${root}\n`);
}
