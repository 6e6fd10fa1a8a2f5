import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm ci` regenerates the Prisma client (postinstall: scripts/generate-client.cjs). Files whose bytes do
 * not change keep their modification time, so dist/ still looks current (scripts/build.cjs compares
 * mtimes) and the next `npm start` does not recompile everything when no source changed.
 */
const ROOT = path.join(__dirname, '..', '..');
const GENERATED = path.join(ROOT, 'generated', 'prisma');

function mtimes(dir: string, into: Record<string, number> = {}): Record<string, number> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) mtimes(full, into);
    else into[path.relative(ROOT, full)] = Math.floor(statSync(full).mtimeMs);
  }
  return into;
}

it('regenerates the Prisma client in one line and leaves unchanged files with their modification times', () => {
  const before = mtimes(GENERATED);
  expect(Object.keys(before).length).toBeGreaterThan(10);
  const out = execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'generate-client.cjs')], { cwd: ROOT, encoding: 'utf8' });
  expect(out).toMatch(/^generated the Prisma client in generated\/prisma \([\d.]+ s, \d+ files unchanged\)\n$/);
  expect(mtimes(GENERATED)).toEqual(before);
});
