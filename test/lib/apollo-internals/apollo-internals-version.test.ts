import { readFileSync } from 'node:fs';
import path from 'node:path';
import { VERIFIED_VERSIONS } from '../../../lib/apollo-internals/verified-version';

// lib/apollo-internals/ reaches into @apollo/gateway's and @apollo/federation-internals' unexported
// code (README.md there): each piece was read against one version, and another version may have moved
// what it patches without any other test noticing until a client sees a wrong answer.
const ROOT = path.join(__dirname, '..', '..', '..');
const installedVersion = (name: string) =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;

describe('the Apollo internals Vigil replaces', () => {
  it.each(Object.entries(VERIFIED_VERSIONS))('are installed at the version they were verified against: %s %s', (name, verified) => {
    expect(installedVersion(name)).toBe(verified);
  });

  it('are pinned to that version in package.json, and the README names it', () => {
    const { dependencies } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const readme = readFileSync(path.join(ROOT, 'lib', 'apollo-internals', 'README.md'), 'utf8');
    // @apollo/federation-internals comes with @apollo/gateway (its dependency at the same version).
    expect(dependencies['@apollo/gateway']).toBe(VERIFIED_VERSIONS['@apollo/gateway']);
    for (const [name, verified] of Object.entries(VERIFIED_VERSIONS)) expect(readme).toContain(`\`${name}\` ${verified}`);
  });
});
