import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Each subgraph's resolver types are generated from its SDL and committed beside it
 * (`subgraphs/<name>/resolver-types.generated.ts`); after an SDL change `npm run codegen` refreshes
 * them, and this test fails until it has been run. The generator runs in its own process under tsx
 * (GraphQL Code Generator loads ES modules, which jest's CommonJS runtime on Node 20 cannot).
 */
const ROOT = path.join(__dirname, '..', '..');
const check = () => promisify(execFile)(path.join(ROOT, 'node_modules', '.bin', 'tsx'), ['schema/resolver-types.ts', '--check'], { cwd: ROOT });

describe('generated resolver types', () => {
  it('match every subgraph SDL now (run `npm run codegen` after an SDL change)', async () => {
    const { stdout } = await check();
    expect(stdout).toBe('resolver types: all current\n');
  }, 60_000);

  it('are reported stale, by file, when they differ from what the SDL generates', async () => {
    const file = path.join(ROOT, 'subgraphs', 'documents', 'resolver-types.generated.ts');
    const committed = readFileSync(file, 'utf8');
    writeFileSync(file, committed.replace('export type QueryEventsArgs = {', 'export type QueryEventsArgs = {\n  stale?: string;'));
    try {
      await expect(check()).rejects.toMatchObject({ code: 1, stderr: 'stale, run `npm run codegen`: subgraphs/documents/resolver-types.generated.ts\n' });
    } finally {
      writeFileSync(file, committed);
    }
  }, 60_000);
});
