import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The image's production node_modules within its budget (issue 24 item 8: ≤ 300 MB), measured without
 * a Docker engine: the packages package-lock.json keeps under `npm prune --omit=dev --omit=optional`
 * (the Dockerfile's), sized on disk as `du` counts them (allocated blocks, directories included) from
 * the installed tree, less the files scripts/image-prune.cjs deletes next.
 */
const ROOT = path.join(__dirname, '..', '..');
const BUDGET_MIB = 300;
const { unreadAtRunTime } = require(path.join(ROOT, 'scripts', 'image-prune.cjs')) as { unreadAtRunTime(file: string): boolean };

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  devOptional?: boolean;
  link?: boolean;
}
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
/** What `npm prune --omit=dev --omit=optional` leaves: devOptional (dev here, an optional peer there) goes too. */
const production = Object.entries(lock.packages).filter(([key, entry]) => key !== '' && !entry.dev && !entry.optional && !entry.devOptional);

/** Bytes a package's own files take (its nested node_modules are packages of their own in the lock). */
function packageBytes(dir: string, relative: string): number {
  let bytes = lstatSync(dir).blocks * 512;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    const rel = `${relative}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') bytes += packageBytes(file, rel);
    } else if (!unreadAtRunTime(rel)) bytes += lstatSync(file).blocks * 512;
  }
  return bytes;
}

it('ships at most 300 MB of production node_modules in the image', () => {
  const sizes = production.map(([key, entry]) => {
    const installed = JSON.parse(readFileSync(path.join(ROOT, key, 'package.json'), 'utf8')) as { version: string };
    // Sizes are read from the installed tree: it must be the locked one.
    expect([key, installed.version]).toEqual([key, entry.version]);
    return { key, bytes: packageBytes(path.join(ROOT, key), key.replace(/^node_modules\//, '')) };
  });
  expect(sizes.map((s) => s.key)).toEqual(expect.arrayContaining(['node_modules/@prisma/client', 'node_modules/@apollo/gateway', 'node_modules/graphql']));
  const totalMiB = Math.ceil(sizes.reduce((sum, s) => sum + s.bytes, 0) / 2 ** 20);
  const largest = [...sizes]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, 8)
    .map((s) => `${s.key.replace(/^node_modules\//, '')} ${(s.bytes / 2 ** 20).toFixed(1)}`);
  // On failure the message gives the total and the largest packages (MiB).
  expect(totalMiB <= BUDGET_MIB ? 'within budget' : `${totalMiB} MiB > ${BUDGET_MIB}; largest: ${largest.join(', ')}`).toBe('within budget');
});

it("keeps every runtime module the generated Prisma client loads: the pruning spares PostgreSQL's query compiler", () => {
  const client = readFileSync(path.join(ROOT, 'generated', 'prisma', 'internal', 'class.ts'), 'utf8');
  const runtimeModules = [...client.matchAll(/["'](@prisma\/client\/runtime\/[^"']+)["']/g)].map((m) => m[1]);
  expect(runtimeModules).toEqual(expect.arrayContaining([expect.stringMatching(/query_compiler_.*postgresql/)]));
  for (const specifier of new Set(runtimeModules)) {
    const file = path.relative(path.join(ROOT, 'node_modules'), require.resolve(specifier)).split(path.sep).join('/');
    expect([file, unreadAtRunTime(file)]).toEqual([file, false]);
  }
  // …and what it deletes is there to delete: the other databases' compilers and the source maps.
  const runtime = readdirSync(path.join(ROOT, 'node_modules', '@prisma', 'client', 'runtime')).map((name) => `@prisma/client/runtime/${name}`);
  expect(runtime.filter(unreadAtRunTime)).toEqual(
    expect.arrayContaining(['@prisma/client/runtime/query_compiler_fast_bg.mysql.wasm-base64.js', '@prisma/client/runtime/client.js.map']),
  );
});
