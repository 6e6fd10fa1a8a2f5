import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONFIGURATION_DOCS, renderConfigurationDocs } from '../../cli/configuration-docs';
import { ENVIRONMENT_VARIABLES } from '../../lib/environment';

/**
 * The documentation is generated or checked from what it describes: docs/configuration.md's table from
 * the environment schema (lib/environment.ts), and the README stays a map whose links all lead somewhere.
 */
const ROOT = path.join(__dirname, '..', '..');

it('documents exactly the variables of the environment schema, as `npm run docs:config` renders them (run it when this fails)', () => {
  const current = readFileSync(CONFIGURATION_DOCS, 'utf8');
  expect(current).toBe(renderConfigurationDocs(current));
  const documented = [...current.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
  expect(documented).toEqual(ENVIRONMENT_VARIABLES);
});

it('keeps the README a map (at most 12 KB) whose local links and the docs/ pages they lead to exist', () => {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(12 * 1024);
  const pages = ['README.md', ...[...readme.matchAll(/\]\((docs\/[^)#]+|bench\/README\.md)/g)].map((match) => match[1])];
  expect(pages.length).toBeGreaterThan(10);
  const broken: string[] = [];
  for (const page of new Set(pages)) {
    const text = readFileSync(path.join(ROOT, page), 'utf8');
    for (const [, target] of text.matchAll(/\]\(((?!https?:|#|mailto:)[^)#\s]+)(?:#[^)]*)?\)/g)) {
      if (!existsSync(path.join(ROOT, path.dirname(page), target))) broken.push(`${page} → ${target}`);
    }
  }
  expect(broken).toEqual([]);
});
