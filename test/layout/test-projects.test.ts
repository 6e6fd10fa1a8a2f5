import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Tests by cost: jest.config.js puts every test file in exactly one project (unit, api, e2e), each with
 * an npm script, and `npm test` runs them all. A file that starts a service is never a unit test.
 */
const ROOT = path.join(__dirname, '..', '..');
const config = require(path.join(ROOT, 'jest.config.js')) as { projects: Array<{ displayName: string; testMatch: string[] }> };
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };

it('puts every test file in exactly one of the unit, api and e2e projects, each with its npm script', () => {
  expect(config.projects.map((p) => p.displayName)).toEqual(['unit', 'api', 'e2e']);
  const listed = config.projects.flatMap((p) => p.testMatch.map((m) => m.replace('<rootDir>/', '')));
  const files = readdirSync(path.join(ROOT, 'test'), { recursive: true, encoding: 'utf8' })
    .map((f) => f.split(path.sep).join('/'))
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => `test/${f}`);
  expect([...listed].sort()).toEqual([...files].sort());
  expect(new Set(listed).size).toBe(listed.length);
  for (const name of ['unit', 'api', 'e2e']) expect(pkg.scripts[`test:${name}`]).toBe(`jest --selectProjects ${name}`);
  expect(pkg.scripts.test).toBe('jest');
});

it('keeps the unit project free of services: no Vigil, database or process is started there', () => {
  const unit = config.projects.find((p) => p.displayName === 'unit')!.testMatch.map((m) => m.replace('<rootDir>/', ''));
  expect(unit).toContain('test/lib/vocabulary.test.ts');
  for (const file of unit.filter((f) => f !== 'test/layout/test-projects.test.ts')) {
    expect([file, readFileSync(path.join(ROOT, file), 'utf8')]).not.toEqual([
      file,
      expect.stringMatching(/support\/(vigil|processes)|startTestVigil|startVigil/),
    ]);
  }
});
