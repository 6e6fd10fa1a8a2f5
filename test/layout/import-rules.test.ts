import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The layout's import rules (.dependency-cruiser.cjs): lib/ imports nothing above it, a subgraph
// imports no other subgraph, the gateway no subgraph code, nothing imports in a cycle, and only
// lib/apollo-internals/ reaches into @apollo/gateway's unexported files.
const ROOT = path.join(__dirname, '..', '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const DEPCRUISE = path.join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: Array<{ name: string } | string>;
}

function violations(cwd: string, folders: string[], tsConfig?: string): Violation[] {
  const args = [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', ...(tsConfig ? ['--ts-config', tsConfig] : []), ...folders];
  const out = execFileSync(process.execPath, args, { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return (JSON.parse(out) as { summary: { violations: Violation[] } }).summary.violations;
}

const describeViolation = (v: Violation) =>
  `${v.rule.name}: ${v.from} → ${v.to}${v.cycle ? ` (cycle ${v.cycle.map((c) => (typeof c === 'string' ? c : c.name)).join(' → ')})` : ''}`;

describe('import rules', () => {
  it('no module imports upward or in a cycle', () => {
    const found = violations(ROOT, ['app', 'cli', 'lib', 'gateway', 'subgraphs', 'workers', 'schema']);
    expect(found.map(describeViolation)).toEqual([]);
  }, 120_000);

  it("the rules catch an upward import, a subgraph importing another, a cycle, and @apollo/gateway's internals used outside lib/apollo-internals/", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vigil-import-rules-'));
    try {
      const file = (name: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        writeFileSync(path.join(dir, name), text);
      };
      file('tsconfig.json', JSON.stringify({ compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext' } }));
      file('gateway/server.ts', 'export const server = 1;\n');
      file('gateway/shaping.ts', "export const shaping = require('@apollo/gateway/dist/resultShaping');\n");
      file('lib/config.ts', "import { server } from '../gateway/server';\nexport const config = server;\n");
      file('subgraphs/alerts/alerts.ts', "import { members } from '../organizations/members';\nexport const alerts = members;\n");
      file('subgraphs/organizations/members.ts', 'export const members = 1;\n');
      file('workers/a.ts', "import { b } from './b';\nexport const a = () => b;\n");
      file('workers/b.ts', "import { a } from './a';\nexport const b = () => a;\n");
      const rules = violations(dir, ['lib', 'gateway', 'subgraphs', 'workers'], path.join(dir, 'tsconfig.json')).map((v) => v.rule.name);
      expect(rules).toEqual(
        expect.arrayContaining(['lib-is-the-foundation', 'subgraphs-meet-through-the-supergraph', 'no-cycles', 'apollo-internals-stay-here']),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
