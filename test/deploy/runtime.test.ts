import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Vigil runs on Node 24 LTS: the tests themselves (`npm test`, `npx jest`), every npm script, the image and
 * the type definitions agree on it, even where the machine's own Node is older (npm scripts find
 * node_modules/.bin/node first).
 */
const ROOT = path.join(__dirname, '..', '..');
const major = (version: string) => Number(/(\d+)/.exec(version)?.[1]);
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const required = major(pkg.engines.node);

it('declares Node 24 or later in engines, and the image is built from and runs on node:24', () => {
  expect(pkg.engines.node).toBe('>=24');
  const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
  expect(dockerfile.match(/^FROM \S+/gm)).toEqual(['FROM node:24-bookworm-slim', 'FROM node:24-bookworm-slim']);
  const types = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@types', 'node', 'package.json'), 'utf8')) as { version: string };
  expect(major(types.version)).toBe(required);
});

it('runs the tests on Node 24 or later', () => {
  expect(major(process.versions.node)).toBeGreaterThanOrEqual(required);
});

it('runs npm scripts on Node 24 or later, whatever Node runs npm itself', () => {
  // What an npm script's `node` is: the same lookup `npm start` and `npm run vigil` make.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));
  const version = execFileSync('npm', ['exec', '--', 'node', '-p', 'process.versions.node'], { cwd: ROOT, env: clean, encoding: 'utf8' }).trim();
  expect(major(version)).toBeGreaterThanOrEqual(required);
});
