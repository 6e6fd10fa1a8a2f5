import { execSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'graphql';
import { SUBGRAPH_NAMES } from '../../lib/config';
import { composeSubgraphs, composeSupergraph, composeUrls, subgraphSdl } from '../../schema/compose';

const schemaDir = path.join(__dirname, '..', '..', 'schema');

describe('committed schema/', () => {
  it('holds the supergraph that composition produces from the subgraph SDLs now (run `npm run compose` after an SDL change)', () => {
    expect(readFileSync(path.join(schemaDir, 'supergraph.graphql'), 'utf8')).toBe(composeSupergraph());
  });

  it('holds only the composed supergraph (each subgraph SDL lives in subgraphs/<name>/ alone)', () => {
    expect(readdirSync(schemaDir).filter((f) => f.endsWith('.graphql'))).toEqual(['supergraph.graphql']);
  });

  it('fails composition loudly, naming the conflict, when subgraphs disagree (the check the gateway relies on)', () => {
    const subgraphs = (broken: boolean) =>
      SUBGRAPH_NAMES.map((name) => ({
        name,
        url: `http://127.0.0.1/${name}/graphql`,
        // The alerts subgraph claims Query.me, which the organizations subgraph resolves as a User.
        typeDefs: parse(subgraphSdl(name) + (broken && name === 'alerts' ? '\nextend type Query { me: Int }\n' : '')),
      }));
    expect(composeSubgraphs(subgraphs(false))).toBe(composeSupergraph());
    expect(() => composeSubgraphs(subgraphs(true))).toThrow(/^Supergraph composition failed:\n- .*"Query\.me"/);
  });

  it('does not check subgraph addresses at composition (the gateway reaches them later)', () => {
    expect(() => composeSupergraph({ alerts: 'not a url' })).not.toThrow();
  });
});

describe('npm run compose for your own router (docs/own-router.md)', () => {
  it("gives the subgraphs real URLs from the first one's: organizations, alerts, questionnaires, documents on consecutive ports", () => {
    const urls = composeUrls(['--subgraphs', 'http://10.0.0.5:4001', '--out', 'supergraph.graphql']);
    expect(urls).toEqual({
      organizations: 'http://10.0.0.5:4001/graphql',
      alerts: 'http://10.0.0.5:4002/graphql',
      questionnaires: 'http://10.0.0.5:4003/graphql',
      documents: 'http://10.0.0.5:4004/graphql',
    });
    const supergraph = composeSupergraph(urls);
    expect(supergraph).toContain('ORGANIZATIONS @join__graph(name: "organizations", url: "http://10.0.0.5:4001/graphql")');
    expect(supergraph).toContain('DOCUMENTS @join__graph(name: "documents", url: "http://10.0.0.5:4004/graphql")');
    expect(composeUrls(['--alerts', 'https://alerts.internal/graphql', '--subgraphs', 'http://h:5001'])).toMatchObject({
      organizations: 'http://h:5001/graphql',
      alerts: 'https://alerts.internal/graphql',
    });
    expect(composeUrls([])).toBeUndefined();
    expect(() => composeUrls(['--billing', 'http://x'])).toThrow(/unknown option --billing/);
  });
});

it("docs/own-router.md's compose command, run verbatim from the checkout, writes a supergraph with the subgraphs' real URLs", () => {
  const root = path.join(__dirname, '..', '..');
  const page = readFileSync(path.join(root, 'docs', 'own-router.md'), 'utf8');
  const command = page.split('\n').find((line) => line.startsWith('npm run compose -- --subgraphs '));
  expect(command).toBe('npm run compose -- --subgraphs http://127.0.0.1:4001 --out supergraph.graphql');
  // Run in a directory laid out as the checkout (its files linked), not in the checkout itself: a
  // supergraph.graphql appearing and going at the root raced the build's scan of the tree (ENOENT in
  // another test's start, CI).
  const runIn = mkdtempSync(path.join(os.tmpdir(), 'vigil-compose-out-'));
  for (const name of ['package.json', 'node_modules', 'schema', 'subgraphs', 'lib', 'tsconfig.json', 'generated']) {
    symlinkSync(path.join(root, name), path.join(runIn, name));
  }
  const written = path.join(runIn, 'supergraph.graphql');
  try {
    execSync(command as string, { cwd: runIn, stdio: 'pipe' });
    const supergraph = readFileSync(written, 'utf8');
    for (const [i, name] of SUBGRAPH_NAMES.entries()) {
      expect(supergraph).toContain(`@join__graph(name: "${name}", url: "http://127.0.0.1:${4001 + i}/graphql")`);
    }
  } finally {
    rmSync(runIn, { recursive: true, force: true });
  }
}, 60_000);
