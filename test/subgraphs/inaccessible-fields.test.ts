import fs from 'node:fs';
import path from 'node:path';
import { type DirectiveNode, type DocumentNode, Kind, parse } from 'graphql';
import { SUBGRAPH_NAMES } from '../../lib/config';
import { subgraphSdl } from '../../schema/compose';

/**
 * The domain graph carries no field that exists only for REST (issue 37 item 2): a REST route reads
 * public fields. Each `@inaccessible` left in the subgraphs' SDL is named, with why no public field
 * can serve it, in the table of docs/development.md ("Fields hidden from the public graph"); a new
 * one that is not in the table fails here, and so does a row of the table the SDL no longer has.
 */

const DOC = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'development.md'), 'utf8');

const hidden = (directives: readonly DirectiveNode[] | undefined) => Boolean(directives?.some((d) => d.name.value === 'inaccessible'));

/** Every `@inaccessible` of a document, by schema coordinate: `Type`, `Type.field`, `Type.field(argument:)`. */
function inaccessibleCoordinates(document: DocumentNode): string[] {
  const found: string[] = [];
  for (const definition of document.definitions) {
    if (!('name' in definition) || !definition.name) continue;
    const type = definition.name.value;
    if ('directives' in definition && hidden(definition.directives)) found.push(type);
    const fields = 'fields' in definition ? (definition.fields ?? []) : [];
    for (const field of fields) {
      const coordinate = `${type}.${field.name.value}`;
      if (hidden(field.directives)) found.push(coordinate);
      for (const argument of 'arguments' in field ? (field.arguments ?? []) : []) {
        if (hidden(argument.directives)) found.push(`${coordinate}(${argument.name.value}:)`);
      }
    }
    const values = definition.kind === Kind.ENUM_TYPE_DEFINITION || definition.kind === Kind.ENUM_TYPE_EXTENSION ? (definition.values ?? []) : [];
    for (const value of values) if (hidden(value.directives)) found.push(`${type}.${value.name.value}`);
  }
  return found;
}

/** The coordinates the doc's table names: the first cell of each row under its heading, in backticks. */
function documentedCoordinates(): Map<string, string> {
  const start = DOC.indexOf('### Fields hidden from the public graph');
  if (start < 0) throw new Error('docs/development.md has no "### Fields hidden from the public graph" section');
  const section = DOC.slice(start).split(/\n#{2,3} /)[0];
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    if (cells.length < 4 || !cells[1].startsWith('`')) continue;
    for (const [, coordinate] of cells[1].matchAll(/`([^`]+)`/g)) rows.set(coordinate, cells[2]);
  }
  return rows;
}

const inSdl = SUBGRAPH_NAMES.flatMap((name) => inaccessibleCoordinates(parse(subgraphSdl(name))));
const documented = documentedCoordinates();

describe('fields hidden from the public graph', () => {
  it('finds every kind of @inaccessible (types, fields, arguments, input fields, enum values)', () => {
    const sample = parse(`
      type Page @inaccessible { data: [Int] }
      type Query { list(all: Boolean @inaccessible): [Int] raw: String @inaccessible }
      input Change { loose: String @inaccessible }
      enum Kind { A B @inaccessible }
    `);
    expect(inaccessibleCoordinates(sample)).toEqual(['Page', 'Query.list(all:)', 'Query.raw', 'Change.loose', 'Kind.B']);
  });

  it('are each named in docs/development.md with the reason no public field can serve them', () => {
    expect(inSdl.length).toBeGreaterThan(0);
    expect(inSdl.filter((coordinate) => !documented.has(coordinate))).toEqual([]);
    for (const coordinate of inSdl) expect([coordinate, (documented.get(coordinate) ?? '').length > 20]).toEqual([coordinate, true]);
  });

  it('and the table names none the SDL no longer hides', () => {
    expect([...documented.keys()].filter((coordinate) => !inSdl.includes(coordinate))).toEqual([]);
  });
});
