import { readdirSync } from 'node:fs';
import path from 'node:path';
import { READ_CONTRACTS, SUBGRAPH_SCHEMAS } from '../../subgraphs/read-contracts';
import { literals, ROOT, readSource, sourceFiles } from '../support/source-literals';

/**
 * Subgraphs own their data (issue 37, item 4): the SQL of subgraphs/<name>/ names only schema <name>,
 * and of another subgraph's schema only the read contracts (views) that subgraph declares for it in
 * subgraphs/read-contracts.ts. Reads every string and template literal under subgraphs/ — SQL
 * included — as the import rules read the imports.
 */
const SCHEMA_REFERENCE = new RegExp(`"?\\b(${SUBGRAPH_SCHEMAS.join('|')})"?\\s*\\.\\s*"?([a-z_][a-z0-9_]*)"?`, 'g');

/** The references of `code` to a subgraph schema that `owner` (null: a file of no subgraph) may not make. */
function trespasses(owner: string | null, file: string, code: string): string[] {
  return literals(file, code).flatMap(({ text, line }) =>
    [...text.matchAll(SCHEMA_REFERENCE)]
      .filter(([, schema, relation]) => {
        if (schema === owner) return false;
        const contract = READ_CONTRACTS.find((c) => c.view === `${schema}.${relation}`);
        return !contract || !(contract.readers as readonly string[]).includes(owner ?? '');
      })
      .map(([, schema, relation]) => `${file}:${line}: ${schema}.${relation}`),
  );
}

const ownerOf = (file: string) => {
  const [, folder] = file.split(path.sep);
  return (SUBGRAPH_SCHEMAS as readonly string[]).includes(folder) && file.split(path.sep).length > 2 ? folder : null;
};

const migrations = readdirSync(path.join(ROOT, 'prisma', 'migrations'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => readSource(path.join('prisma', 'migrations', entry.name, 'migration.sql')))
  .join('\n');

describe('subgraphs that own their data', () => {
  it('reach no other subgraph’s schema in SQL but through the read contracts it declares for them', () => {
    // read-contracts.ts names the views: it declares them, runs no SQL.
    const files = sourceFiles('subgraphs').filter((file) => file !== path.join('subgraphs', 'read-contracts.ts'));
    expect(files.length).toBeGreaterThan(50);
    expect(files.flatMap((file) => trespasses(ownerOf(file), file, readSource(file)))).toEqual([]);
  });

  it('declare each read contract as a view in the owner’s schema, created by a migration', () => {
    for (const contract of READ_CONTRACTS) {
      const [schema, view] = contract.view.split('.');
      expect({ contract: contract.view, created: new RegExp(`CREATE (OR REPLACE )?VIEW "?${schema}"?\\."?${view}"?\\s`).test(migrations) }).toEqual({
        contract: contract.view,
        created: true,
      });
      expect(contract.readers).not.toContain(schema);
    }
  });

  it('finds a table of another subgraph, quoted or not, and a contract read by a subgraph it is not declared for', () => {
    const planted = `
      // A comment naming organizations.users is not SQL.
      const own = \`SELECT * FROM alerts.alerts a JOIN organizations.user_profiles u ON u.id = a."userId"\`;
      const foreign = \`SELECT name FROM "organizations"."users" WHERE id = \${id} AND EXISTS (SELECT 1 FROM documents.attachment_records)\`;`;
    expect(trespasses('alerts', 'planted.ts', planted)).toEqual(['planted.ts:4: organizations.users', 'planted.ts:4: documents.attachment_records']);
    expect(trespasses(null, 'planted.ts', planted)).toHaveLength(4);
  });
});
