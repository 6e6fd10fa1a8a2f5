import { ALL_EVENT_NAMES, EVENT_SOURCES } from '../../lib/events';
import { literals, readSource, sourceFiles } from '../support/source-literals';

/**
 * One way into the event log (issue 37, item 3): every append — one event or one per row of a set —
 * is built by lib/events.ts, and code names events and sources through its registry constants
 * (`EVENT.AlertUpdated`, `EVENT_SOURCES.alert`), never as string literals, in TypeScript or inside
 * SQL. Reads every string and template literal of the source tree (comments are not code).
 */
const ROOTS = ['subgraphs', 'lib', 'workers', 'gateway', 'cli', 'app'];
const WRITER = 'lib/events.ts';

const APPEND = /\binsert\s+into\s+"?documents"?\s*\.\s*"?events"?(?![\w"])/i;
const PRISMA_APPEND = /\.event\.(create|createMany|upsert)\s*\(/;
const REGISTERED = new Set<string>([...ALL_EVENT_NAMES, ...Object.values(EVENT_SOURCES)]);

/** What in `code` (the file `file`) bypasses the one writer: raw appends, and names or sources written as literals. */
function bypasses(file: string, code: string): string[] {
  const problems: string[] = [];
  if (PRISMA_APPEND.test(code)) problems.push(`${file}: appends through Prisma's event model`);
  for (const { text, line } of literals(file, code)) {
    if (APPEND.test(text)) problems.push(`${file}:${line}: INSERT INTO documents.events`);
    const quoted = [...text.matchAll(/'([A-Za-z.]+)'/g)].map((m) => m[1]);
    for (const value of [text, ...quoted]) if (REGISTERED.has(value)) problems.push(`${file}:${line}: '${value}' written as a literal`);
  }
  return problems;
}

const files = ROOTS.flatMap(sourceFiles);

describe('the one event writer', () => {
  it('is the only code that appends to documents.events', () => {
    const appends = files
      .filter((file) => file !== WRITER)
      .flatMap((file) => bypasses(file, readSource(file)))
      .filter((p) => /INSERT|Prisma/.test(p));
    expect(appends).toEqual([]);
    expect(bypasses('writer.ts', readSource(WRITER)).filter((p) => p.includes('INSERT'))).toHaveLength(1);
  });

  it('is given every event name and source through the registry constants, never as a literal', () => {
    const written = files
      .filter((file) => file !== WRITER)
      .flatMap((file) => bypasses(file, readSource(file)))
      .filter((p) => p.includes('literal'));
    expect(written).toEqual([]);
  });

  it('finds a raw append, a literal name and a literal source, in TypeScript and in SQL, but not in comments', () => {
    const planted = `
      // An INSERT INTO documents.events in a comment, and 'AlertUpdated': not code.
      await client.query(\`WITH u AS (SELECT 1) INSERT INTO "documents".events (id) SELECT gen_random_uuid() FROM u\`);
      await recordEvent(tx, { organizationId, name: 'MemberUpdated', source: EVENT_SOURCES.member, data });
      const sql = \`SELECT \${x}, 'AlertCreated', 'service.alert' FROM a\`;
      await tx.event.create({ data });`;
    expect(bypasses('planted.ts', planted)).toEqual([
      "planted.ts: appends through Prisma's event model",
      'planted.ts:3: INSERT INTO documents.events',
      "planted.ts:4: 'MemberUpdated' written as a literal",
      "planted.ts:5: 'AlertCreated' written as a literal",
      "planted.ts:5: 'service.alert' written as a literal",
    ]);
  });
});
