/**
 * Jest runs TypeScript through SWC; tests talk to real services (see test/support). The files, in test/'s
 * folders, fall in three projects by what they start, read from their own source, so a new file needs no listing:
 * - unit: nothing but the code under test (no database, no server process);
 * - api: a whole Vigil in the test process on a real PostgreSQL (and Redis, S3 where they test them);
 * - e2e: real processes (`npm start`, compiled entry points, the cluster) and the browser.
 * `npm test` runs all three; `npm run test:unit`, `test:api`, `test:e2e` one each.
 */
const fs = require('node:fs');
const path = require('node:path');

const E2E = /support\/processes|support\/pglite-server|playwright-core|spawn\('npm'|execFileSync\('npm'/;
const API = /support\/vigil|\.\.\/app\/vigil|support\/s3-server|support\/subscription-clients|TEST_DATABASE_URL|from 'pg'|from 'ioredis'/;

const TEST_DIR = path.join(__dirname, 'test');
const files = { unit: [], api: [], e2e: [] };
// test/ and its folders (one per source area, test/<area>/…): every `*.test.ts`, as a path from test/.
for (const name of fs
  .readdirSync(TEST_DIR, { recursive: true })
  .map((file) => file.split(path.sep).join('/'))
  .filter((file) => file.endsWith('.test.ts'))
  .sort()) {
  const source = fs.readFileSync(path.join(TEST_DIR, name), 'utf8');
  files[E2E.test(source) ? 'e2e' : API.test(source) ? 'api' : 'unit'].push(`<rootDir>/test/${name}`);
}

const project = (displayName) => ({
  displayName,
  testEnvironment: 'node',
  transform: { '^.+\\.tsx?$': ['@swc/jest'] },
  testMatch: files[displayName],
  setupFilesAfterEnv: ['<rootDir>/test/support/jest-setup.ts'],
  testTimeout: 60000,
});

module.exports = {
  projects: [project('unit'), project('api'), project('e2e')],
  testTimeout: 60000,
  maxWorkers: 2,
};
