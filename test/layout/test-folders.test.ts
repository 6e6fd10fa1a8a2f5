import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Tests lie in folders that mirror the source (docs/development.md "Where a test goes"): test/gateway/ for
 * gateway/, test/subgraphs/alerts/ for subgraphs/alerts/, and so on; test/layout/ holds the checks over the
 * whole checkout. test/support/ (shared helpers) and test/fixtures/ (data) hold no test.
 */
const ROOT = path.join(__dirname, '..', '..');
const testFiles = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.test.ts'));

const mirrorsSource = (folder: string) => existsSync(path.join(ROOT, folder)) && statSync(path.join(ROOT, folder)).isDirectory();

it('puts every test file in a folder of test/ named as the source folder it proves, none flat in test/', () => {
  expect(testFiles).toContain('layout/test-folders.test.ts');
  const misplaced = testFiles.filter((file) => {
    const folder = path.posix.dirname(file);
    if (folder === 'layout') return false;
    return folder === '.' || ['support', 'fixtures'].includes(folder.split('/')[0]) || !mirrorsSource(folder);
  });
  expect(misplaced).toEqual([]);
});
